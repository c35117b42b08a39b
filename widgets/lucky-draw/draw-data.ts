/**
 * Reading the activity config and prize stock of a draw (what the first screen shows; the draw's
 * own answers are read in ./draw-result.ts, part of the draw's chunk). Server data is untrusted:
 * fields are checked one by one and unsafe image addresses dropped.
 */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { payloadOf } from '../../src/services/api/special-cases';
import type { ApiEnvelope } from '../../src/services/types';
import { isRecord, str as text } from '../_campaign-kit/api-error';
import type { LuckyDrawSlot } from './schema';

/** The kit's text reader, an empty text read as none (a number never reads as empty). */
const str = (value: unknown): string | null => text(value) || null;

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
