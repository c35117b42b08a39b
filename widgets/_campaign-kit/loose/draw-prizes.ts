/**
 * The prizes of the activity's draw configuration (spec §3 luckdrawConfig): the lucky draw's
 * reader, in its own module so only draw pages download it.
 */
import { isSafeUrl } from '../../../src/engine/document/safe-url';
import { isRecord, str } from './read';

export interface ActivityPrize {
  prizeId: string;
  name: string;
  image?: string;
}

/** The kit's text reader, an empty text read as none (a number never reads as empty). */
const text = (value: unknown): string | null => str(value) || null;

/**
 * luckdrawConfig.prizes of the parsed activity config, in server order (= slot index): each
 * checked one by one, unsafe image addresses dropped.
 */
export function drawPrizesOf(activity: Record<string, unknown> | null): ActivityPrize[] {
  const config = activity?.activityConfig;
  const luckdraw = isRecord(config) ? config.luckdrawConfig : undefined;
  const prizes = isRecord(luckdraw) && Array.isArray(luckdraw.prizes) ? luckdraw.prizes : [];
  return prizes.flatMap((item: unknown) => {
    if (!isRecord(item)) return [];
    const prizeId = text(item.prizeId);
    const name = text(item.name) ?? text(item.prizeName);
    if (prizeId === null || name === null) return [];
    return [{ prizeId, name, ...(isSafeUrl(item.image) ? { image: item.image } : {}) }];
  });
}
