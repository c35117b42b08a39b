import type { ActivityConfig } from '../config/activity-config';
import type { Queryable } from '../db/types';
import { ApiError } from '../http/envelope';
import { periodKey } from './campaign-time';
import { grantReward } from './rewards';

/**
 * Gold rice (spec §4: amounts in cents, the client divides by 100). Credits go through the
 * ledger (rewards.ts grantReward; a trigger mirrors them into gold_rice_balances, migration
 * 0011). Debits go only through spendGoldRice: one conditional update, so concurrent spends
 * can never take the balance below zero.
 */
export async function goldRiceBalance(
  db: Queryable,
  userId: string,
  code: string,
): Promise<number> {
  const res = await db.query<{ balance_cents: number }>(
    'SELECT balance_cents FROM gold_rice_balances WHERE user_id = $1 AND activity_code = $2',
    [userId, code],
  );
  return Number(res.rows[0]?.balance_cents ?? 0);
}

/** Takes `cents` from the balance or throws 409; records the debit under (reason, ref). */
export async function spendGoldRice(
  tx: Queryable,
  args: { userId: string; activityCode: string; cents: number; reason: string; ref: string },
): Promise<number> {
  const { userId, activityCode, cents, reason, ref } = args;
  const res = await tx.query<{ balance_cents: number }>(
    `UPDATE gold_rice_balances SET balance_cents = balance_cents - $3
     WHERE user_id = $1 AND activity_code = $2 AND balance_cents >= $3
     RETURNING balance_cents`,
    [userId, activityCode, cents],
  );
  const row = res.rows[0];
  if (!row) throw new ApiError(409, 'not enough gold rice', 'INSUFFICIENT_GOLD_RICE');
  // The balance already moved; the trigger ignores negative rows (migration 0011).
  await tx.query(
    `INSERT INTO gold_rice_ledger (user_id, activity_code, amount_cents, reason, ref)
     VALUES ($1, $2, $3, $4, $5)`,
    [userId, activityCode, -cents, reason, ref],
  );
  return Number(row.balance_cents);
}

export interface BubbleView {
  bubbleId: string;
  amount: number;
  label: string;
  period: string;
  received: boolean;
}

/** Each configured bubble with whether the user collected it in its current period. */
export async function bubbleViews(
  db: Queryable,
  userId: string,
  activity: ActivityConfig,
  now: Date,
): Promise<BubbleView[]> {
  const bubbles = activity.goldRice.bubbles;
  if (bubbles.length === 0) return [];
  const refs = bubbles.map((b) => bubbleRef(b.bubbleId, b.period, now));
  const res = await db.query<{ ref: string }>(
    `SELECT ref FROM gold_rice_ledger
     WHERE user_id = $1 AND activity_code = $2 AND reason = 'bubble' AND ref = ANY($3)`,
    [userId, activity.activityCode, refs],
  );
  const got = new Set(res.rows.map((r) => r.ref));
  return bubbles.map((b, i) => ({
    bubbleId: b.bubbleId,
    amount: b.amountCents,
    label: b.label,
    period: b.period,
    received: got.has(refs[i] ?? ''),
  }));
}

export function bubbleRef(bubbleId: string, period: 'once' | 'daily' | 'weekly', now: Date) {
  return `${bubbleId}|${periodKey(period, now)}`;
}

/**
 * Collects one bubble: the ledger's unique key (user, activity, 'bubble', id|period) makes it
 * once per period however many requests race. @returns cents added (0 when already collected).
 */
export async function collectBubble(
  tx: Queryable,
  userId: string,
  activity: ActivityConfig,
  bubbleId: string,
  now: Date,
): Promise<number> {
  const bubble = activity.goldRice.bubbles.find((b) => b.bubbleId === bubbleId);
  if (!bubble) throw new ApiError(400, `unknown bubbleId: ${bubbleId}`);
  const paid = await grantReward(tx, {
    userId,
    activity,
    reward: { chances: 0, goldRiceCents: bubble.amountCents },
    reason: 'bubble',
    ref: bubbleRef(bubble.bubbleId, bubble.period, now),
  });
  return paid.goldRiceCents;
}
