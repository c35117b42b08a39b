/**
 * Reading the activity config and prize stock of a draw (what the first screen shows; the draw's
 * own answers are read in ./draw-result.ts, part of the draw's chunk). The activity config is
 * spec-shaped JSON text the contract cannot type (src/engine/page/activity-config.ts parses it):
 * its prizes are checked one by one here and unsafe image addresses dropped.
 */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { ApiOutput } from '../../src/contracts';
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

/** prizeStock's `list` (src/contracts/draws.ts) as the set of sold-out prize ids. */
export function soldOutIds(
  answer: ApiOutput<'generalActivity.prizeStock'> | undefined,
): Set<string> {
  return new Set((answer?.list ?? []).filter((item) => item.soldOut).map((item) => item.prizeId));
}
