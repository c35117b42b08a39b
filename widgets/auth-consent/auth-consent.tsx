import { useId, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { useServices } from '../../src/services/context';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, LoginPrompt, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import type { AuthConsentProps } from './schema';
import './auth-consent.css';

const ROW_HEIGHT = 56;

export default function AuthConsent({ props, emit }: WidgetComponentProps<AuthConsentProps>) {
  const { api, auth, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const state = useApi(loggedIn ? 'userMarketingAuth.querySwitch' : null, {});
  const { lock, busy } = useLock();
  const [announcement, setAnnouncement] = useState('');
  const labelId = useId();
  // Off until the answer says on: consent is opt-in.
  const on = state.data?.result?.status === 1;

  const toggle = () =>
    lock('switch', async () => {
      const next = on ? 0 : 1;
      try {
        await api.call('userMarketingAuth.updateSwitch', { status: next });
        const text = next === 1 ? props.onToast : props.offToast;
        setAnnouncement(text);
        ui.toast({ text, variant: 'short' });
        void emit('change', { status: next });
      } catch (error) {
        const text = errorText(error, '设置失败，请稍后再试');
        setAnnouncement(text);
        ui.toast({ text });
      }
      // The server holds the switch: show what it has, not what was asked.
      await state.mutate();
    });

  let control;
  if (!loggedIn) {
    control = <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} />;
  } else if (state.error) {
    control = (
      <ErrorState
        text={errorText(state.error, props.errorText)}
        onRetry={() => void state.mutate()}
        minHeight={ROW_HEIGHT}
      />
    );
  } else if (!state.data) {
    control = <Skeleton height={ROW_HEIGHT} />;
  } else {
    control = (
      <div className="w-consent__row">
        <span id={labelId} className="w-consent__label">
          {props.label}
          <span className="w-consent__state">{on ? props.onText : props.offText}</span>
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-busy={busy}
          disabled={busy}
          className="w-consent__switch"
          onClick={() => void toggle()}
        >
          <span className="w-consent__knob" aria-hidden="true" />
        </button>
      </div>
    );
  }

  return (
    <section className="w-consent">
      {props.title ? <h2 className="w-consent__title">{props.title}</h2> : null}
      {control}
      {props.content.map((paragraph, i) => (
        <p key={i} className="w-consent__text">
          {paragraph}
        </p>
      ))}
      <LiveRegion message={announcement} />
    </section>
  );
}
