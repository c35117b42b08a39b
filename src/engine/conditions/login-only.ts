import type { Condition } from '../../contracts/conditions/condition-schema';

/**
 * The login state a `when` asks for when that is all it asks (`{ "loggedIn": true }`, the most
 * common condition: 61 of 172 documents, for most of them their only one), else undefined. Such a
 * condition is checked without the evaluator's chunk, and a document whose conditions are all of
 * this form does not load it (docs/perf.md, session 9).
 */
export function loginOnly(condition: Condition): boolean | undefined {
  const keys = Object.keys(condition);
  return keys.length === 1 && keys[0] === 'loggedIn' && typeof condition.loggedIn === 'boolean'
    ? condition.loggedIn
    : undefined;
}
