/**
 * spec §7 "Native bridge" (theme mode): inside the provider's apps the page follows the app's
 * theme, not only the phone's. The palette is CSS (src/app/global.css, decision 0043): a browser
 * gets `prefers-color-scheme` before the first paint with no script; inside an app this sets
 * `data-theme` on <html> from the bridge's themeMode as the app starts, before hydration, so a
 * page whose app theme differs from the phone's switches as soon as the app answers.
 */
import type { Environment, NativeBridge } from '../services/types';

export const THEME_ATTRIBUTE = 'data-theme';

export function followAppTheme(
  root: HTMLElement,
  env: Pick<Environment, 'inProviderApp'>,
  bridge: Pick<NativeBridge, 'supports' | 'themeMode'>,
): Promise<void> | null {
  if (!env.inProviderApp || !bridge.supports('themeMode')) return null;
  return bridge.themeMode().then(
    (mode) => root.setAttribute(THEME_ATTRIBUTE, mode),
    // The CSS keeps the phone's scheme when the app cannot tell.
    () => undefined,
  );
}
