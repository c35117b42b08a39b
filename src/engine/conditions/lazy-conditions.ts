/**
 * The condition evaluator (src/contracts/conditions/evaluate.ts) as a chunk of its own: only a
 * document with a `when` (a node's, a data source's, a redirect case's) other than the login state
 * alone needs it, the compiler says so (`usesConditions`), and it loads with that document, before
 * its first render (decision 0028).
 */
import { lazyValue } from '../../services/lazy-service';
import type { Condition } from '../../contracts/conditions/condition-schema';
import type * as Evaluate from '../../contracts/conditions/evaluate';
import type { ConditionContext } from '../../contracts/conditions/evaluate';
import { loginOnly } from './login-only';

export const conditions = lazyValue<typeof Evaluate>(
  () => import('../../contracts/conditions/evaluate'),
);

/**
 * Whether `condition` holds. Called while rendering: were the evaluator not loaded yet, the render
 * suspends until it is (a thrown thenable) rather than guess.
 */
export function conditionHolds(condition: Condition, context: ConditionContext): boolean {
  // What the evaluator answers for it, without its chunk (the compiler counts on it).
  const login = loginOnly(condition);
  if (login !== undefined) return login === context.loggedIn;
  const evaluator = conditions.peek();
  if (!evaluator) throw conditions.get();
  return evaluator.evaluateCondition(condition, context);
}
