/**
 * Reading the activity config and prize stock of a draw (what the first screen shows; the draw's
 * own answers are read in ./draw-result.ts, part of the draw's chunk). The activity config is
 * spec-shaped JSON text the contract cannot type: its prizes are read in the kit's loose place.
 */
import type { ApiOutput } from '../../src/contracts';
import { drawPrizesOf } from '../_campaign-kit/loose/draw-prizes';
import type { LuckyDrawSlot } from './schema';

/** luckdrawConfig.prizes of the parsed activity config, as slots (server order = slot index). */
export function slotsFromActivity(activity: Record<string, unknown> | null): LuckyDrawSlot[] {
  return drawPrizesOf(activity);
}

/** prizeStock's `list` (src/contracts/draws.ts) as the set of sold-out prize ids. */
export function soldOutIds(
  answer: ApiOutput<'generalActivity.prizeStock'> | undefined,
): Set<string> {
  return new Set((answer?.list ?? []).filter((item) => item.soldOut).map((item) => item.prizeId));
}
