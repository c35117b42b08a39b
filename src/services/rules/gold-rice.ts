/**
 * spec §4, §9: the gold-rice sum (in cents) divided by 100, shown with two decimals. The value is
 * rounded once to whole hundredths and then formatted with integer arithmetic, so no binary
 * fraction ever reaches toFixed (1.005.toFixed(2) is '1.00').
 */
import { GOLD_RICE_DECIMALS, GOLD_RICE_DIVISOR } from '../../spec/constants';

const SCALE = 10 ** GOLD_RICE_DECIMALS;

function toNumber(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** '12.30' for 1230; '0.00' for a missing or non-numeric sum. */
export function formatGoldRice(sum: unknown): string {
  const n = toNumber(sum) ?? 0;
  // Integer count of hundredths; Math.round on the sign-free value rounds halves away from zero.
  const units = Math.round((Math.abs(n) * SCALE) / GOLD_RICE_DIVISOR);
  const whole = Math.floor(units / SCALE);
  const fraction = String(units % SCALE).padStart(GOLD_RICE_DECIMALS, '0');
  const sign = n < 0 && units !== 0 ? '-' : '';
  return `${sign}${whole}.${fraction}`;
}
