import type { Services } from '../../services/types';
import type { ConditionContext } from '../../contracts/conditions/evaluate';

/**
 * What a `when` sees, read from the services at the first condition that asks, then kept for
 * this context's life (one per page scope, as before): the login check parses the cookies and
 * the hostname and query parse the address, work a page whose nodes have no `when` (most) never
 * needs. A page renders with a new context whenever its scope changes, so a condition sees the
 * cookies, address and time of the render it belongs to.
 */
export function conditionContext(services: Services, scope: unknown): ConditionContext {
  let loggedIn: boolean | undefined;
  let now: number | undefined;
  let hostname: string | undefined;
  let query: URLSearchParams | undefined;
  return {
    env: services.env,
    get loggedIn() {
      return (loggedIn ??= services.auth.isLoggedIn());
    },
    get now() {
      return (now ??= services.clock.now());
    },
    get hostname() {
      return (hostname ??= new URL(services.navigation.href()).hostname);
    },
    get query() {
      return (query ??= services.navigation.query());
    },
    scope,
  };
}
