import { describe, expect, it } from 'vitest';
import { formatGoldRice } from './gold-rice';

describe('formatGoldRice (spec §4: ÷100, two decimals)', () => {
  it.each([
    [1230, '12.30'],
    [1005, '10.05'],
    [100.5, '1.01'],
    [0, '0.00'],
    [7, '0.07'],
    [123456789, '1234567.89'],
    ['1005', '10.05'],
    [-1005, '-10.05'],
    [-0.2, '0.00'],
  ])('%j → %j', (sum, expected) => {
    expect(formatGoldRice(sum)).toBe(expected);
  });

  it('float traps that naive toFixed gets wrong', () => {
    // 1.005.toFixed(2) === '1.00'; 0.1 + 0.2 style sums still land on the right cent.
    expect(formatGoldRice(100.5)).toBe('1.01');
    expect(formatGoldRice(0.1 * 3 * 100)).toBe('0.30');
    expect(formatGoldRice(1.15 * 100)).toBe('1.15');
  });

  it('missing or invalid sums show 0.00', () => {
    for (const bad of [undefined, null, '', 'abc', Number.NaN, Infinity, {}]) {
      expect(formatGoldRice(bad)).toBe('0.00');
    }
  });
});
