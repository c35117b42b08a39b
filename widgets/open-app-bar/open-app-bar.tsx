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
import { APP_DOWNLOAD_PAGES, appWebViewLink } from '../../src/services/deep-link/app-links';
import { planOpenApp } from '../../src/services/deep-link/open-app-plan';
import { activityRecordOf } from '../_campaign-kit/loose/activity';
import { useLock } from '../_campaign-kit/use-lock';
import type { OpenAppBarProps } from './schema';
import './open-app-bar.css';

export default function OpenAppBar({ props, emit }: WidgetComponentProps<OpenAppBarProps>) {
  const page = usePage();
  const { api, env, navigation, ui } = useServices();
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
  // spec §3, §4: the activity's openAppNeed / openAppWay / openAppToast / openFailUrl.
  const plan = planOpenApp(activityRecordOf(page.scope.activity), {
    pageUrl: navigation.href(),
    host: env.host,
  });
  const planned = plan.action === 'open' ? plan : null;
  const text = planned?.toast ?? props.text;
  const activityFailUrl = planned && isSafeUrl(planned.failUrl) ? planned.failUrl : undefined;
  const failUrl = props.failUrl ?? activityFailUrl;

  const open = () =>
    lock('open', async () => {
      let answer = storeData;
      let failure: unknown = storeError;
      if (lookUp && !answer && !failure) {
        // A tap during the look-up (one made before the page hydrated lands just after it) asks
        // again and waits: its answer decides between the store page and the error's toast.
        try {
          answer = await api.call<string>(APP_STORE_URL_API, {
            targetPackageName: props.storePackage,
          });
        } catch (error) {
          failure = error;
        }
      }
      // The deep-link service validates the target and runs the spec §4 fall-backs.
      const storeUrl = typeof answer?.value === 'string' ? answer.value : '';
      if (lookUp && !storeUrl) {
        // spec §8 "App-store lookup failure": the returned error as a toast.
        ui.toast(
          answer?.error || (failure ? appStoreLookupError(failure) : APP_STORE_URL_FALLBACK_ERROR),
        );
      }
      const app = planned?.app ?? props.app;
      // spec §4's fall-back needs somewhere to go: the app's own download page when the page
      // names no download, store or fail page (never this page again: that only reloaded it).
      const downloadUrl =
        props.downloadUrl ??
        (storeUrl || undefined) ??
        (failUrl ? undefined : APP_DOWNLOAD_PAGES[app]);
      const action: Action = {
        type: 'openApp',
        target: props.target ?? planned?.target ?? appWebViewLink(app, navigation.href()),
        ...(failUrl ? { failUrl } : {}),
        ...(downloadUrl ? { downloadUrl } : {}),
        // spec §4: the wallet variants (openAppWay 2, 3) check once, 2000 ms after the jump.
        ...(planned && !props.target ? { check: planned.check } : {}),
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
