import type { Services } from '../../services/types';
import type { Action, ActionOf, ActionType } from './action-schema';

/** What an action handler may use. `run` executes a nested branch in the same context. */
export interface ActionContext {
  services: Services;
  /** Binding scope at the time the action runs (data, state, user, activity, event). */
  scope: () => Record<string, unknown>;
  setState: (key: string, value: unknown) => void;
  openDialog: (id: string) => void;
  closeDialog: (id?: string) => void;
  /** Resolves once the page has left, or refused to (an address off the site is checked first). */
  navigate: (to: string, options: { replace?: boolean }) => void | Promise<void>;
  scrollTo: (nodeId: string) => void;
  /**
   * Reads again every cached call of these catalogue names (SWR keys ['api', name, params]) and
   * the page's data sources that use one; without names, every call and every data source.
   */
  refresh: (calls?: readonly string[]) => Promise<void>;
  run: (actions: readonly Action[]) => Promise<void>;
}

export type ActionHandler<T extends ActionType> = (
  action: ActionOf<T>,
  context: ActionContext,
) => Promise<void> | void;

export type ActionHandlers = { [T in ActionType]: ActionHandler<T> };

/** Wraps every action run; cross-cutting concerns (logging, login-required) live here, not in handlers. */
export type ActionMiddleware = (
  action: Action,
  context: ActionContext,
  next: () => Promise<void>,
) => Promise<void>;

/**
 * Runs actions in sequence. An action that throws stops its list, is reported through the logger
 * and rethrown to the caller (an `api` action's failure is handled by its own onError branch).
 */
export function createDispatcher(
  handlers: ActionHandlers,
  middleware: readonly ActionMiddleware[] = [],
) {
  const table = new Map<ActionType, ActionHandler<ActionType>>(
    Object.entries(handlers) as [ActionType, ActionHandler<ActionType>][],
  );
  const runOne = (action: Action, context: ActionContext): Promise<void> => {
    const handler = table.get(action.type);
    if (!handler) return Promise.reject(new Error(`no handler for action type "${action.type}"`));
    const chain = middleware.reduceRight<() => Promise<void>>(
      (next, layer) => () => layer(action, context, next),
      async () => handler(action as ActionOf<ActionType>, context),
    );
    return chain();
  };
  return async function run(
    actions: readonly Action[],
    context: Omit<ActionContext, 'run'>,
  ): Promise<void> {
    const full: ActionContext = { ...context, run: (nested) => run(nested, context) };
    for (const action of actions) await runOne(action, full);
  };
}

export type Dispatch = ReturnType<typeof createDispatcher>;
