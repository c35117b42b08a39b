/**
 * The login flow (native bridge, embed host, web login), loaded on the first login or login poll
 * (docs/decisions/0008-first-load-budget.md). The logged-in check stays in the first load.
 */
import { createAuthService, type AuthDeps } from '../../services/auth/auth-service';
import { createEmbedHostLogin, type EmbedWindow } from '../../services/auth/embed-host';
import type { AuthService } from '../../services/types';

export function createBrowserAuth(
  win: Window,
  query: URLSearchParams,
  deps: Omit<AuthDeps, 'embedHost'>,
): AuthService {
  return createAuthService({
    ...deps,
    embedHost: createEmbedHostLogin(win as unknown as EmbedWindow, query, deps.clock),
  });
}
