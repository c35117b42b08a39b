import { describe, expect, it } from 'vitest';
import { DEFAULT_REMAINING_CHANCE } from '../../spec/constants';
import { remainingChance } from './remaining-chance';

describe('remainingChance (spec §3, §4)', () => {
  it('floors the value', () => {
    expect(remainingChance(2.9)).toBe(2);
    expect(remainingChance('3.5')).toBe(3);
    expect(remainingChance(0)).toBe(0);
    expect(remainingChance(0.4)).toBe(0);
  });
  it(`defaults to ${DEFAULT_REMAINING_CHANCE} when absent or invalid`, () => {
    for (const bad of [undefined, null, '', 'x', Number.NaN, Infinity, {}]) {
      expect(remainingChance(bad)).toBe(DEFAULT_REMAINING_CHANCE);
    }
  });
  it('clamps a negative count to 0', () => {
    expect(remainingChance(-1.5)).toBe(0);
  });
});
