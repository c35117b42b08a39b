import { evaluateCondition, type ConditionContext } from '../conditions/evaluate';
import type { Condition } from '../conditions/condition-schema';

/**
 * A redirect document's `redirect` (the document schema, src/engine/document/document-schema.ts,
 * checks it; src/engine/document/types.ts pins that its output is this shape). The app follows it
 * in the browser, the server answers it with a 302 where it can decide it itself (docs/server.md).
 */
export interface RedirectSpec {
  /** The route to go to. */
  to: string;
  query?: Record<string, string> | undefined;
  /** The first case whose condition holds adds its query. */
  cases?: { when: Condition; query: Record<string, string> }[] | undefined;
}

/** The URL (below the base path) a redirect document sends the visitor to. */
export function redirectTarget(redirect: RedirectSpec, context: ConditionContext): string {
  const query = new URLSearchParams(redirect.query ?? {});
  const match = redirect.cases?.find((entry) => evaluateCondition(entry.when, context));
  for (const [key, value] of Object.entries(match?.query ?? {})) query.set(key, value);
  const search = query.toString();
  return search ? `${redirect.to}?${search}` : redirect.to;
}
