import { describe, expect, it } from 'vitest';
import type { useApi } from './use-api';

/**
 * What a widget reads of useApi's answer is typed by the call's contract (issue 31, "done
 * when"): these checks run in `tsc`, each `@ts-expect-error` failing typecheck the day a widget
 * could read a field its contract lacks. Names known only at run time answer `unknown`, read in
 * widgets/_campaign-kit/loose (docs/services.md).
 */
type DataOf<N extends string> = NonNullable<ReturnType<typeof useApi<N>>['data']>;

describe('useApi answers typed by the contracts', () => {
  it('types the answer of a static name, and refuses a field the contract lacks', () => {
    const phone: DataOf<'user.getUserPhone'> = { code: 0, result: { phone: '138****8000' } };
    expect(phone.result?.phone).toBe('138****8000');
    // @ts-expect-error user.getUserPhone answers `phone`, not `mobile`
    expect(phone.result?.mobile).toBeUndefined();
    const chance: DataOf<'generalActivity.getRemainChance'> = {
      code: 0,
      result: { remainChance: 2, costPerDraw: 1 },
    };
    const left: number | undefined = chance.result?.remainChance;
    expect(left).toBe(2);
  });

  it('answers unknown for a name known only at run time', () => {
    const loose: DataOf<string> = { code: 0, result: { list: [] } };
    // @ts-expect-error unknown until a named reader of the loose place reads it
    expect(loose.result?.list).toEqual([]);
  });
});
