import { useRef, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { SAVE_IMAGE_MESSAGES } from '../../src/services/images/save-image';
import { QrCode } from '../../src/ui/qr-code';
import { renderShareImage } from '../../src/ui/share-image';
import { errorText } from '../_campaign-kit/api-error';
import { answerTextAt } from '../_campaign-kit/loose/answer-text';
import { ErrorState, LoginPrompt } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { fillTemplate, qrContent } from './qr-value';
import type { QrCardProps } from './schema';
import './qr-card.css';

export default function QrCard({ props, emit }: WidgetComponentProps<QrCardProps>) {
  const services = useServices();
  const page = usePage();
  const card = useRef<HTMLDivElement>(null);
  const { lock, busy } = useLock();
  const [drawFailed, setDrawFailed] = useState(false);

  const needsLogin = Boolean(props.call) && props.login && !services.auth.isLoggedIn();
  const activityCode = page.document.activity?.code;
  const params = props.params ?? (activityCode ? { activityCode } : undefined);
  const query = useApi(props.call && !needsLogin ? props.call : null, params);

  const loaded = props.call ? answerTextAt(query.data, props.field) : null;
  const raw = props.call
    ? loaded === null
      ? null
      : fillTemplate(props.value, loaded, props.kind)
    : (props.value ?? null);
  const content = raw === null ? null : qrContent(props.kind, raw, services.navigation.href());

  let code;
  if (needsLogin) {
    code = <LoginPrompt text={props.loginText} buttonText="去登录" />;
  } else if (props.call && query.error && !query.data) {
    code = (
      <ErrorState
        text={errorText(query.error, props.errorText)}
        onRetry={() => void query.mutate()}
      />
    );
  } else if (props.call && !query.data) {
    code = <span className="w-qr-card__code" role="img" aria-label={props.alt} aria-busy="true" />;
  } else if (content === null) {
    code = (
      <p className="w-qr-card__message" role="alert">
        {props.errorText}
      </p>
    );
  } else if (drawFailed) {
    // The drawing's chunk did not arrive (or the canvas failed): the next tap draws again.
    code = <ErrorState text={props.errorText} onRetry={() => setDrawFailed(false)} />;
  } else {
    code = (
      <QrCode
        className="w-qr-card__code"
        value={content}
        alt={props.alt}
        onError={(error) => {
          services.logger.report(error, { where: 'qr-card' });
          setDrawFailed(true);
        }}
      />
    );
  }
  const ready =
    !needsLogin && content !== null && !drawFailed && (!props.call || Boolean(query.data));

  const save = () =>
    lock('save', async () => {
      const element = card.current;
      if (!element) return;
      let image: string;
      try {
        // spec §8, §9: the 'generating image...' toast while html2canvas draws at scale 2.
        image = await renderShareImage(element, { ui: services.ui });
      } catch (error) {
        services.logger.report(error, { where: 'qr-card image' });
        services.ui.toast(SAVE_IMAGE_MESSAGES.failed);
        await emit('saveFailed');
        return;
      }
      const event = await services.share.saveImage(
        image,
        activityCode ? { activity: activityCode } : undefined,
      );
      await emit(event === 'save-image-success' ? 'saved' : 'saveFailed');
    });

  return (
    <section className="w-qr-card">
      <div className="w-qr-card__card" ref={card}>
        {/* Checked again: the image may have come through a binding the build never saw. */}
        {isSafeUrl(props.image) ? (
          <img className="w-qr-card__image" src={props.image} alt={props.imageAlt} />
        ) : null}
        {props.title ? <h2 className="w-qr-card__title">{props.title}</h2> : null}
        {props.subtitle ? <p className="w-qr-card__subtitle">{props.subtitle}</p> : null}
        <div className="w-qr-card__box">{code}</div>
        {props.valueLabel && loaded && ready ? (
          <p className="w-qr-card__value">
            {props.valueLabel}
            <strong>{loaded}</strong>
          </p>
        ) : null}
        {props.caption ? <p className="w-qr-card__caption">{props.caption}</p> : null}
      </div>
      {props.saveLabel && ready ? (
        <button
          type="button"
          className="w-qr-card__save"
          aria-busy={busy}
          disabled={busy}
          onClick={() => void save()}
        >
          {props.saveLabel}
        </button>
      ) : null}
    </section>
  );
}
