import { useApi } from '../../src/engine/data/use-api';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, linkActions } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { dispatchModuleOf } from '../_campaign-kit/loose/lenient';
import { ErrorState } from '../_campaign-kit/states';
import type { DispatchBannerProps } from './schema';
import './dispatch-banner.css';

/** spec §3: the dispatch-module list is asked for the device type; only its first element shows. */
export default function DispatchBanner({ props, emit }: WidgetComponentProps<DispatchBannerProps>) {
  const page = usePage();
  const { env } = useServices();
  const activityCode = activityCodeOf(page, props.activityCode);
  const query = useApi('generalActivity.getDispatchModuleList4C', {
    activityCode,
    deviceType: env.deviceType,
  });
  const ratio = { aspectRatio: `${props.width} / ${props.height}` };
  if (query.error) {
    return (
      <ErrorState
        text={errorText(query.error, props.errorText)}
        onRetry={() => void query.mutate()}
      />
    );
  }
  if (!query.data)
    return (
      <div
        className="w-dispatch-banner w-dispatch-banner--loading"
        style={ratio}
        aria-hidden="true"
      />
    );
  const module = dispatchModuleOf(query.data);
  const { image, title } = module;
  if (!image || !isSafeUrl(image)) return null;
  const actions = linkActions(module.jumpUrl);
  const picture = (
    <img
      src={image}
      alt={title}
      width={props.width}
      height={props.height}
      className="w-dispatch-banner__image"
    />
  );
  return (
    <div className="w-dispatch-banner" style={ratio}>
      {actions.length > 0 ? (
        <button
          type="button"
          className="w-dispatch-banner__link"
          onClick={() => {
            void emit('open', { moduleId: module.moduleId, title });
            void page.run(actions);
          }}
        >
          {picture}
        </button>
      ) : (
        picture
      )}
    </div>
  );
}
