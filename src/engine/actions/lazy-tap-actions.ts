/**
 * The action runtime's handle on ./tap-actions.ts: started at the visitor's first intent, and
 * awaited by an action that needs it before it has arrived (one round trip at most). Once
 * loaded, reached synchronously, so the action still runs inside the tap.
 */
import { lazyValue } from '../../services/lazy-service';
import type * as TapActions from './tap-actions';

type TapActionsModule = typeof TapActions;

const tapActions = lazyValue<TapActionsModule>(() => import('./tap-actions'));

/** Starts loading the tap actions; a failure is left for the action that needs them. */
export function preloadTapActions(): void {
  void tapActions.get().catch(() => undefined);
}

/** Runs `run` with the tap actions: at once when they are there, else once they have loaded. */
export function withTapActions<R>(run: (module: TapActionsModule) => R): R | Promise<R> {
  const ready = tapActions.peek();
  return ready ? run(ready) : tapActions.get().then(run);
}
