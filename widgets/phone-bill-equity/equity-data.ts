/**
 * The phone-bill and new-phone calls' answers (cents), typed by their contracts
 * (src/contracts/partner-draws.ts, partner-benefits.ts, general-info.ts).
 */
import type { ApiOutput } from '../../src/contracts';

export type EquityIndex = Pick<
  ApiOutput<'newPhone.index'>,
  'remainChance' | 'prizes' | 'myPrizes' | 'status' | 'window'
>;

export function indexOf(answer: EquityIndex | undefined): EquityIndex {
  return (
    answer ?? {
      remainChance: 0,
      prizes: [],
      myPrizes: [],
      status: 'ongoing',
      window: { start: 0, end: 0 },
    }
  );
}

/** The quarter's window in Beijing dates: 2026-07-01 – 2026-09-30. */
export function windowText(window: EquityIndex['window']): string {
  return `${beijingTime(window.start).slice(0, 10)} – ${beijingTime(window.end).slice(0, 10)}`;
}

/** Cents as yuan with two decimals. */
export const yuan = (cents: number) => (Math.round(cents) / 100).toFixed(2);

/** A deadline in Beijing time: 2030-06-30 23:59. */
export function beijingTime(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}
