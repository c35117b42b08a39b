/**
 * What a page needs only once something happens (an action runs or a dialog opens): the
 * dispatcher with the default handlers, the navigation check for external addresses, and the
 * page dialog. One chunk, loaded through ./lazy-action-runtime.ts on the first action or when the
 * page is idle (docs/decisions/0008-first-load-budget.md).
 */
import { validateTarget } from '../../services/deep-link/validate-target';
import type { Services } from '../../services/types';
import { defaultActionHandlers } from './default-handlers';
import { createDispatcher } from './dispatcher';

export { PageDialog } from '../page/page-dialog';

export const dispatch = createDispatcher(defaultActionHandlers);

/**
 * The `navigate` action's target: a path below the base goes through the router; anything else
 * must pass the target check (web pages of ours or the provider's), else it is refused.
 */
export function navigate(
  to: string,
  options: { replace?: boolean },
  page: {
    services: Services;
    routerNavigate: (to: string, options: { replace: boolean }) => void;
  },
): void {
  const { services } = page;
  if (to.startsWith('/') && !to.startsWith('//')) {
    page.routerNavigate(to, { replace: options.replace ?? false });
    return;
  }
  const target = validateTarget(to, {
    ownOrigin: new URL(services.navigation.href()).origin,
    allowAppSchemes: false,
  });
  if (!target.ok) {
    services.logger.report(new Error(`navigate refused: ${target.reason}`), { to });
    services.ui.toast({ text: '链接无法打开', variant: 'short' });
    return;
  }
  if (options.replace) services.navigation.replace(target.url);
  else services.navigation.assign(target.url);
}
