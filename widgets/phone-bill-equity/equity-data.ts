/**
 * Reading the phone-bill and new-phone calls as the reference server answers them (cents):
 * - generalActivity/phoneBillAmount → { eligible, amount }
 * - newPhone/{q}index → { remainChance, drawnToday, prizes: [{ prizeId, name, image, type,
 *   soldOut }], myPrizes: [{ drawId, prizeId }] }
 * - newPhone/{q}send → { drawId, prizeId, prizeName, prizeType, remainChance }
 * - newMachines/interest/doubleAmount → { baseAmount, doubled, amount }; receiveCountDown →
 *   { deadline, remainingMs, expired }; newMachinesOldUser → { oldUser }
 */
import { isRecord, listOf, num, pick, str } from '../_campaign-kit/api-error';

export interface Equity {
  prizeId: string;
  name: string;
  image: string;
  thanks: boolean;
  soldOut: boolean;
}

export interface EquityIndex {
  remainChance: number;
  prizes: Equity[];
  mine: { drawId: string; prizeId: string }[];
}

export function parseIndex(payload: unknown): EquityIndex {
  const prizes = listOf(isRecord(payload) ? payload.prizes : [], []).flatMap((item) => {
    if (!isRecord(item)) return [];
    const prizeId = str(pick(item, 'prizeId', 'id'));
    if (!prizeId) return [];
    return [
      {
        prizeId,
        name: str(pick(item, 'name', 'prizeName')),
        image: str(pick(item, 'image', 'prizeImage')),
        thanks: item.type === 'thanks',
        soldOut: item.soldOut === true,
      },
    ];
  });
  const mine = listOf(isRecord(payload) ? payload.myPrizes : [], []).flatMap((item) =>
    isRecord(item) && item.prizeId !== undefined
      ? [{ drawId: str(item.drawId), prizeId: str(item.prizeId) }]
      : [],
  );
  return {
    remainChance: isRecord(payload) ? num(payload.remainChance) : 0,
    prizes,
    mine,
  };
}

export function parseClaim(payload: unknown): { name: string; thanks: boolean } | null {
  if (!isRecord(payload)) return null;
  return {
    name: str(pick(payload, 'prizeName', 'name')),
    thanks: payload.prizeType === 'thanks',
  };
}

/** Cents as yuan with two decimals. */
export const yuan = (cents: number) => (Math.round(cents) / 100).toFixed(2);

/** A deadline in Beijing time: 2030-06-30 23:59. */
export function beijingTime(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}
