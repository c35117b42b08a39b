/**
 * Reading the server's draw answers (server/src/domain/draw.ts DrawOutcome) and activity config.
 * Server data is untrusted: fields are checked one by one and unsafe image addresses dropped.
 */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { payloadOf } from '../../src/services/api/special-cases';
import type { ApiEnvelope } from '../../src/services/types';
import type { LuckyDrawSlot } from './schema';

export interface DrawResult {
  prizeId: string | null;
  index: number | null;
  name: string;
  image: string | null;
  /** 'thanks' means no prize (spec: "thanks for taking part"). */
  type: string;
  remainChance: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

const num = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

export function parseDrawResult(envelope: ApiEnvelope): DrawResult | null {
  const data = payloadOf(envelope);
  if (!isRecord(data)) return null;
  const prizeId = str(data.prizeId);
  const index = num(data.index);
  if (prizeId === null && index === null) return null;
  const image = data.prizeImage ?? data.image;
  return {
    prizeId,
    index,
    name: str(data.prizeName) ?? str(data.name) ?? '',
    image: isSafeUrl(image) ? image : null,
    type: str(data.prizeType) ?? str(data.type) ?? '',
    remainChance: num(data.remainChance),
  };
}

/** luckdrawConfig.prizes of the parsed activity config, as slots (server order = slot index). */
export function slotsFromActivity(activity: Record<string, unknown> | null): LuckyDrawSlot[] {
  const config = activity?.activityConfig;
  const luckdraw = isRecord(config) ? config.luckdrawConfig : undefined;
  const prizes = isRecord(luckdraw) && Array.isArray(luckdraw.prizes) ? luckdraw.prizes : [];
  return prizes.flatMap((item: unknown) => {
    if (!isRecord(item)) return [];
    const prizeId = str(item.prizeId);
    const name = str(item.name) ?? str(item.prizeName);
    if (prizeId === null || name === null) return [];
    return [{ prizeId, name, ...(isSafeUrl(item.image) ? { image: item.image } : {}) }];
  });
}

/** prizeStock's `list` as the set of sold-out prize ids. */
export function soldOutIds(envelope: ApiEnvelope | undefined): Set<string> {
  const data = envelope ? payloadOf(envelope) : null;
  const list = isRecord(data) && Array.isArray(data.list) ? data.list : [];
  return new Set(
    list.flatMap((item: unknown) =>
      isRecord(item) && item.soldOut === true && typeof item.prizeId === 'string'
        ? [item.prizeId]
        : [],
    ),
  );
}

export type DrawFailure = 'noChance' | 'soldOut' | 'unavailable' | 'timeout' | 'other';

/** What went wrong, from the ApiError's body `error` name or code (server/src/http/envelope.ts). */
export function classifyDrawError(error: unknown): DrawFailure {
  if (!isRecord(error) && !(error instanceof Error)) return 'other';
  const name = Reflect.get(error, 'name');
  if (name === 'TimeoutError') return 'timeout';
  const code = Reflect.get(error, 'error');
  if (code === 'NO_CHANCE') return 'noChance';
  if (code === 'SOLD_OUT') return 'soldOut';
  if (code === 'ACTIVITY_UNAVAILABLE' || code === 'ACTION_UNAVAILABLE') return 'unavailable';
  return 'other';
}
