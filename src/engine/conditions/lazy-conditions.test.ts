import { describe, expect, it } from 'vitest';
import { browserEnvironment } from '../../../tests/support/fake-services';
import type { Condition } from '../../contracts/conditions/condition-schema';
import type { ConditionContext } from '../../contracts/conditions/evaluate';
import { conditionHolds, conditions } from './lazy-conditions';

const context = (loggedIn: boolean): ConditionContext => ({
  env: browserEnvironment,
  loggedIn,
  now: Date.parse('2026-02-10T12:00:00+08:00'),
  hostname: 'www.example.com',
  query: new URLSearchParams(),
  scope: {},
});

describe('conditionHolds', () => {
  it('answers a login-only `when` without the evaluator, as the evaluator does', async () => {
    const cases: [Condition, boolean][] = [
      [{ loggedIn: true }, true],
      [{ loggedIn: true }, false],
      [{ loggedIn: false }, true],
      [{ loggedIn: false }, false],
    ];
    const before = cases.map(([when, loggedIn]) => conditionHolds(when, context(loggedIn)));
    expect(before).toEqual([true, false, false, true]);
    // Nothing asked for the evaluator's chunk so far.
    expect(conditions.peek()).toBeUndefined();

    const evaluator = await conditions.get();
    expect(
      cases.map(([when, loggedIn]) => evaluator.evaluateCondition(when, context(loggedIn))),
    ).toEqual(before);
  });

  it('suspends on any other `when` until the evaluator is there', async () => {
    let thrown: unknown;
    try {
      conditionHolds({ loggedIn: true, nfc: true }, context(true));
    } catch (error) {
      thrown = error;
    }
    // Either the evaluator had loaded (other test first) or the render waits for it.
    if (thrown) expect(thrown).toBeInstanceOf(Promise);
    await conditions.get();
    expect(conditionHolds({ loggedIn: true, nfc: false }, context(true))).toBe(true);
    expect(conditionHolds({ not: { loggedIn: true } }, context(true))).toBe(false);
  });
});
