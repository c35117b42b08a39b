/**
 * spec §3, §4: the remaining chance is the floor of the server's value, default 1 when it is
 * absent or not a number. A negative count is clamped to 0 (no chance left), not defaulted.
 */
import { DEFAULT_REMAINING_CHANCE } from '../../spec/constants';

export function remainingChance(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_REMAINING_CHANCE;
  return Math.max(0, Math.floor(n));
}
