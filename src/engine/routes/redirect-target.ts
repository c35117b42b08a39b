import { evaluateCondition, type ConditionContext } from '../conditions/evaluate';
import type { CampaignDocument } from '../document/types';

/** The URL (below the base path) a redirect document sends the visitor to. */
export function redirectTarget(
  redirect: NonNullable<CampaignDocument['redirect']>,
  context: ConditionContext,
): string {
  const query = new URLSearchParams(redirect.query ?? {});
  const match = redirect.cases?.find((entry) => evaluateCondition(entry.when, context));
  for (const [key, value] of Object.entries(match?.query ?? {})) query.set(key, value);
  const search = query.toString();
  return search ? `${redirect.to}?${search}` : redirect.to;
}
