import { useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import type { Action } from '../../src/engine/actions/action-schema';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import {
  APP_STORE_URL_API,
  APP_STORE_URL_FALLBACK_ERROR,
  appStoreLookupError,
} from '../../src/services/rules/app-store-url';
import { OPEN_APP_NEED_REQUIRED } from '../../src/spec/constants';
import { isRecord, num, str } from '../_campaign-kit/api-error';
import { useLock } from '../_campaign-kit/use-lock';
import type { OpenAppBarProps } from './schema';
import './open-app-bar.css';

/** spec §3: openAppNeed, openAppToast and activityConfig.openApp.openFailUrl of the activity. */
function activityOpenApp(activity: unknown) {
  const a = isRecord(activity) ? activity : {};
  const config = isRecord(a.activityConfig) ? a.activityConfig : {};
  const openApp = isRecord(config.openApp) ? config.openApp : {};
  return {
    required: num(a.openAppNeed) === OPEN_APP_NEED_REQUIRED,
    toast: str(a.openAppToast),
    failUrl: isSafeUrl(openApp.openFailUrl) ? openApp.openFailUrl : undefined,
  };
}

export default function OpenAppBar({ props, emit }: WidgetComponentProps<OpenAppBarProps>) {
  const page = usePage();
  const { env, navigation, ui } = useServices();
  const [closed, setClosed] = useState(false);
  const { lock, busy } = useLock();
  const hidden = closed || (env.inProviderApp && !props.showInApp);
  // Looked up ahead of the tap: the deep link must launch inside the tap's user activation.
  const lookUp = !hidden && props.storePackage && !props.downloadUrl;
  // Read while rendering: SWR re-renders only for what the render read.
  const { data: storeData, error: storeError } = useApi<string>(lookUp ? APP_STORE_URL_API : null, {
    targetPackageName: props.storePackage,
  });
  if (hidden) return null;
  const settings = activityOpenApp(page.scope.activity);
  const text = settings.required && settings.toast ? settings.toast : props.text;
  const failUrl = props.failUrl ?? settings.failUrl;

  const open = () =>
    lock('open', async () => {
      // The deep-link service validates the target and runs the spec §4 fall-backs.
      const storeUrl = typeof storeData?.value === 'string' ? storeData.value : '';
      if (lookUp && !storeUrl && (storeData || storeError)) {
        // spec §8 "App-store lookup failure": the returned error as a toast (not while pending).
        ui.toast(
          storeData?.error ||
            (storeError ? appStoreLookupError(storeError) : APP_STORE_URL_FALLBACK_ERROR),
        );
      }
      const downloadUrl = props.downloadUrl ?? (storeUrl || undefined);
      const action: Action = {
        type: 'openApp',
        target: props.target ?? navigation.href(),
        ...(failUrl ? { failUrl } : {}),
        ...(downloadUrl ? { downloadUrl } : {}),
      };
      await page.run([action]);
      await emit('open');
    });

  return (
    <div
      className={`w-open-app-bar w-open-app-bar--${props.position}`}
      role="region"
      aria-label="打开App"
      style={props.background ? { background: props.background } : undefined}
    >
      {props.icon ? (
        <img className="w-open-app-bar__icon" src={props.icon} alt="" width={40} height={40} />
      ) : null}
      <p className="w-open-app-bar__text">{text}</p>
      <button
        type="button"
        className="w-open-app-bar__button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void open()}
      >
        {props.buttonText}
      </button>
      {props.closable ? (
        <button
          type="button"
          className="w-open-app-bar__close"
          aria-label="关闭"
          onClick={() => setClosed(true)}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
