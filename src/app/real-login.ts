/**
 * spec §4 "Inside the apps there is also a real-login check". Inside the provider's apps the app
 * writes the session cookies itself, and they can land after the page has started: a page that
 * started logged out inside an app runs the check (the login poll, 200 ms x 15,
 * src/services/auth/auth-service.ts checkRealLogin) and reloads once when the cookies arrive, so
 * the visitor sees their own state instead of a login button. Elsewhere nothing runs: the
 * cookies a browser has are all there is.
 */
import type { AuthService, Environment, Navigation } from '../services/types';

export interface RealLoginDeps {
  env: Pick<Environment, 'inProviderApp'>;
  auth: Pick<AuthService, 'isLoggedIn' | 'checkRealLogin'>;
  navigation: Pick<Navigation, 'reload'>;
}

export function checkRealLoginAtStart(services: RealLoginDeps): Promise<boolean> | null {
  const { env, auth, navigation } = services;
  if (!env.inProviderApp || auth.isLoggedIn()) return null;
  return auth.checkRealLogin().then(
    (loggedIn) => {
      // Reloads only with the cookies present: the next start finds them and checks nothing.
      if (loggedIn) navigation.reload();
      return loggedIn;
    },
    () => false,
  );
}
