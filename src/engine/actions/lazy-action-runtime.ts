/**
 * The page's handle on ./action-runtime.ts: loaded on the first action (or earlier, when the app
 * preloads it at the visitor's first intent), then reached synchronously so an action started by a tap still runs
 * inside the tap's user activation (clipboard, app links).
 */
import { lazyValue } from '../../services/lazy-service';
import type * as ActionRuntime from './action-runtime';

export type ActionRuntimeModule = typeof ActionRuntime;

export const actionRuntime = lazyValue<ActionRuntimeModule>(() => import('./action-runtime'));

/**
 * Starts loading the runtime and what only taps need (the visitor's first intent, decision
 * 0016); a failure is left for the first action to report.
 */
export function preloadActionRuntime(): void {
  void actionRuntime
    .get()
    .then((runtime) => runtime.preloadTapActions())
    .catch(() => undefined);
}
