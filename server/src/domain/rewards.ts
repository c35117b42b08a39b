import type { ActivityConfig, Reward } from '../config/activity-config';
import type { Queryable } from '../db/types';
import { creditPoints } from './points';

/**
 * Pays a reward (draw chances and/or gold rice) exactly once per (reason, ref): the ledger row
 * is inserted with ON CONFLICT DO NOTHING and the balance moves only when that insert won.
 * Call inside the transaction that recorded the event being rewarded.
 * @returns what was actually added (zero when this reason/ref was paid before).
 */
export async function grantReward(
  tx: Queryable,
  args: {
    userId: string;
    activity: ActivityConfig;
    reward: Pick<Reward, 'chances' | 'goldRiceCents'> & { points?: number; label?: string };
    reason: string;
    ref: string;
    /** What earned it, shown in the points records (e.g. the task's title). */
    title?: string;
  },
): Promise<{ chances: number; goldRiceCents: number }> {
  const { userId, activity, reward, reason, ref } = args;
  const code = activity.activityCode;
  let chances = 0;
  let goldRiceCents = 0;
  if (reward.chances > 0) {
    const ledger = await tx.query(
      `INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [userId, code, reward.chances, reason, ref],
    );
    if (ledger.rowCount > 0) {
      // The cap (chance rules) bounds hoarding; the ledger keeps the nominal amount.
      await tx.query(
        `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, LEAST($3::int, $4::int))
         ON CONFLICT (user_id, activity_code)
         DO UPDATE SET balance = LEAST(user_chances.balance + $3::int, $4::int)`,
        [userId, code, reward.chances, activity.chances.maxBalance],
      );
      chances = reward.chances;
    }
  }
  if (reward.goldRiceCents > 0) {
    const ledger = await tx.query(
      `INSERT INTO gold_rice_ledger (user_id, activity_code, amount_cents, reason, ref)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [userId, code, reward.goldRiceCents, reason, ref],
    );
    if (ledger.rowCount > 0) goldRiceCents = reward.goldRiceCents;
  }
  if (reward.points && reward.points > 0) {
    // Points keep their own ledger and balance (domain/points.ts), paid once per (reason, ref).
    await creditPoints(tx, {
      userId,
      activityCode: code,
      amount: reward.points,
      reason,
      ref,
      title: args.title ?? reward.label ?? '',
    });
  }
  return { chances, goldRiceCents };
}

/** Current draw-chance balance (0 when the user never had any). */
export async function chanceBalance(db: Queryable, userId: string, code: string): Promise<number> {
  const res = await db.query<{ balance: number }>(
    'SELECT balance FROM user_chances WHERE user_id = $1 AND activity_code = $2',
    [userId, code],
  );
  return res.rows[0]?.balance ?? 0;
}

/** Gold-rice balance in cents (spec §4: the client divides by 100). */
export async function goldRiceCents(db: Queryable, userId: string, code: string): Promise<number> {
  const res = await db.query<{ sum: number | string | null }>(
    'SELECT SUM(amount_cents) AS sum FROM gold_rice_ledger WHERE user_id = $1 AND activity_code = $2',
    [userId, code],
  );
  return Number(res.rows[0]?.sum ?? 0);
}

/** Free chances of the day (chance rules): granted once per campaign day on the first visit. */
export async function grantDailyFreeChances(
  tx: Queryable,
  userId: string,
  activity: ActivityConfig,
  day: string,
): Promise<number> {
  if (activity.chances.dailyFree <= 0) return 0;
  const granted = await grantReward(tx, {
    userId,
    activity,
    reward: { chances: activity.chances.dailyFree, goldRiceCents: 0 },
    reason: 'dailyFree',
    ref: day,
  });
  return granted.chances;
}
