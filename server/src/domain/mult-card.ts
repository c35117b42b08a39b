import type { ActivityConfig } from '../config/activity-config';
import type { Queryable } from '../db/types';
import { ApiError } from '../http/envelope';
import { findPrize } from './prize-stock';
import { grantReward } from './rewards';

/**
 * useMultCard: doubles the gold rice of the user's latest gold-rice win of the day, at most
 * draw.multCardsPerDay times a day. Both "once" rules are keys: the card slot (user, day, seq)
 * and the draw (UNIQUE draw_id), so racing calls cannot double twice.
 */
export async function useMultCard(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  day: string,
): Promise<{ drawId: number; extraGoldRice: number; cardsLeft: number }> {
  const code = activity.activityCode;
  const marked = await tx.query<{ id: number; prize_id: string }>(
    `UPDATE draws SET multiplied = true
     WHERE id = (SELECT id FROM draws
                 WHERE user_id = $1 AND activity_code = $2 AND draw_day = $3
                   AND prize_type = 'goldRice' AND NOT multiplied
                 ORDER BY id DESC LIMIT 1 FOR UPDATE)
       AND NOT multiplied
     RETURNING id, prize_id`,
    [userId, code, day],
  );
  const draw = marked.rows[0];
  if (!draw) throw new ApiError(409, 'no gold-rice prize today to multiply', 'NOTHING_TO_MULTIPLY');
  let seq = 0;
  for (let s = 1; s <= activity.draw.multCardsPerDay && seq === 0; s++) {
    const slot = await tx.query(
      `INSERT INTO mult_card_uses (user_id, activity_code, use_day, seq, draw_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING seq`,
      [userId, code, day, s, draw.id],
    );
    if (slot.rowCount > 0) seq = s;
  }
  if (seq === 0) throw new ApiError(409, 'no multiplier cards left today', 'NO_CARD');
  const prize = findPrize(activity, draw.prize_id);
  const paid = await grantReward(tx, {
    userId,
    activity,
    reward: { chances: 0, goldRiceCents: prize?.goldRiceCents ?? 0 },
    reason: 'multCard',
    ref: String(draw.id),
  });
  return {
    drawId: draw.id,
    extraGoldRice: paid.goldRiceCents,
    cardsLeft: activity.draw.multCardsPerDay - seq,
  };
}
