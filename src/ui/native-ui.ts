/**
 * spec §7 "Native bridge" (loading, toast): inside the provider's apps the page's plain toasts
 * and its loading indicator are the app's own, through the bridge; everywhere else, and for what
 * the app's toast cannot show, the web UI kit's. Dialogs, the share guide and the jump-wait
 * indicator are always the web kit's (the bridge has none).
 *
 * Composed once, in src/app/browser-services.ts, over the UI controller's service.
 */
import type { NativeBridge, ToastOptions } from '../services/types';
import type { UiKitService } from './ui-controller';

export interface NativeUiDeps {
  /** The web UI kit (also the bridge's own fallback: never this wrapper, or a toast would loop). */
  web: UiKitService;
  bridge: Pick<NativeBridge, 'supports' | 'toast' | 'showLoading'>;
  /** env.inProviderApp: only the provider's apps have the native toast and loading. */
  inProviderApp: boolean;
}

/**
 * A plain toast (text only, the default or short variant, closing by itself) is one the app's
 * toast can show; the masked and html variants and keep-alive toasts need the web UI (a mask, a
 * button, a closer).
 */
export function isPlainToast(options: ToastOptions): boolean {
  const variant = options.variant ?? 'default';
  return (
    (variant === 'default' || variant === 'short') &&
    !options.keepAlive &&
    options.buttonText === undefined &&
    options.onButton === undefined
  );
}

const noop = () => undefined;

export function withNativeUi({ web, bridge, inProviderApp }: NativeUiDeps): UiKitService {
  if (!inProviderApp) return web;
  // Callers pair loading(true) with loading(false): the app's loading shows on the first and
  // hides on the last, as the web overlay does.
  let nativeLoading = 0;

  return {
    ...web,
    toast(input) {
      const options = typeof input === 'string' ? { text: input } : input;
      if (!isPlainToast(options) || !bridge.supports('toast')) return web.toast(input);
      // The bridge answers its own failures (a late or failed native toast is not repeated);
      // only a bridge that could not load at all leaves the toast to the web kit.
      bridge.toast(options.text).catch(() => web.toast(input));
      return noop;
    },
    loading(show) {
      if (!bridge.supports('loading')) {
        web.loading(show);
        return;
      }
      const before = nativeLoading;
      nativeLoading = show ? nativeLoading + 1 : Math.max(0, nativeLoading - 1);
      if ((before === 0) === (nativeLoading === 0)) return;
      bridge.showLoading(nativeLoading > 0).catch(() => web.loading(show));
    },
  };
}
