import type { QueryActivity } from './query-activity-schema';

export type { QueryActivity };

/**
 * The activity code `value` names, or null when the mapping has no such id. Own properties only:
 * an id such as "__proto__" or "constructor" is not in any mapping.
 */
export function queryActivityCode(
  mapping: Pick<QueryActivity, 'activities'>,
  value: string | null | undefined,
): string | null {
  if (typeof value !== 'string' || !Object.hasOwn(mapping.activities, value)) return null;
  return mapping.activities[value] ?? null;
}
