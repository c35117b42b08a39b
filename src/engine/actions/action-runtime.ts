/**
 * What a page needs only once something happens (an action runs or a dialog opens): the
 * dispatcher with the default handlers and the page dialog. One chunk, loaded through
 * ./lazy-action-runtime.ts on the first action or at the visitor's first intent (decision 0016);
 * what only a tap needs (sharing, mini-programs, leaving the site) is a chunk of its own
 * (./tap-actions.ts), so a page that opens a dialog on load does not download it.
 */
import type { Services } from '../../services/types';
import { defaultActionHandlers } from './default-handlers';
import { createDispatcher } from './dispatcher';
import { withTapActions } from './lazy-tap-actions';

export { preloadTapActions } from './lazy-tap-actions';

export { PageDialog } from '../page/page-dialog';

export const dispatch = createDispatcher(defaultActionHandlers);

/**
 * The `navigate` action's target: a path below the base goes through the router; anything else
 * leaves the site through the target check (./tap-actions.ts).
 */
export function navigate(
  to: string,
  options: { replace?: boolean },
  page: {
    services: Services;
    routerNavigate: (to: string, options: { replace: boolean }) => void;
  },
): void | Promise<void> {
  if (to.startsWith('/') && !to.startsWith('//')) {
    page.routerNavigate(to, { replace: options.replace ?? false });
    return;
  }
  return withTapActions((tap) => tap.leave(to, options.replace ?? false, page.services));
}
