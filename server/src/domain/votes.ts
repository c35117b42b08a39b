import type { ActivityConfig } from '../config/activity-config';
import type { Queryable } from '../db/types';
import { ApiError, badRequest } from '../http/envelope';
import { campaignDay, periodKey } from './campaign-time';

type VoteOption = ActivityConfig['vote']['options'][number];

export function findOption(activity: ActivityConfig, productId: string): VoteOption {
  const option = activity.vote.options.find((o) => o.optionId === productId);
  if (!option) throw badRequest(`unknown productId: ${productId}`);
  return option;
}

/** Each option (product) with its vote count and whether the caller voted for it this period. */
export async function productViews(
  db: Queryable,
  activity: ActivityConfig,
  userId: string | null,
  now: Date,
) {
  const counts = await db.query<{ option_id: string; n: number }>(
    `SELECT option_id, COUNT(*)::int AS n FROM votes WHERE activity_code = $1 GROUP BY option_id`,
    [activity.activityCode],
  );
  const total = new Map(counts.rows.map((r) => [r.option_id, r.n]));
  const mine = new Set<string>();
  if (userId !== null) {
    const res = await db.query<{ option_id: string }>(
      `SELECT option_id FROM votes WHERE user_id = $1 AND activity_code = $2 AND period_key = $3`,
      [userId, activity.activityCode, periodKey(activity.vote.period, now)],
    );
    for (const r of res.rows) mine.add(r.option_id);
  }
  return activity.vote.options.map((o, index) => ({
    productId: o.optionId,
    title: o.title,
    desc: o.desc,
    image: o.image,
    index,
    votes: total.get(o.optionId) ?? 0,
    voted: mine.has(o.optionId),
  }));
}

/** Votes the caller has left today; null when the activity sets no daily cap (0). */
export async function votesLeft(
  db: Queryable,
  activity: ActivityConfig,
  userId: string,
  now: Date,
): Promise<number | null> {
  const cap = activity.vote.perUserDailyLimit;
  if (cap === 0) return null;
  const res = await db.query<{ used: number }>(
    `SELECT used FROM vote_user_counts WHERE user_id = $1 AND activity_code = $2 AND period_key = $3`,
    [userId, activity.activityCode, campaignDay(now)],
  );
  return Math.max(0, cap - (res.rows[0]?.used ?? 0));
}

/**
 * One vote: once per user, product and period by the votes primary key (INSERT ... ON CONFLICT
 * DO NOTHING), and at most vote.perUserDailyLimit a day by a conditional upsert of the day's
 * counter. A refused step throws and the transaction takes the other back.
 */
export async function castVote(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  option: VoteOption,
  now: Date,
) {
  const code = activity.activityCode;
  const inserted = await tx.query(
    `INSERT INTO votes (user_id, activity_code, option_id, period_key, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING option_id`,
    [userId, code, option.optionId, periodKey(activity.vote.period, now), now],
  );
  if (inserted.rowCount === 0) {
    throw new ApiError(409, 'you already voted for this product', 'ALREADY_VOTED');
  }
  const cap = activity.vote.perUserDailyLimit;
  if (cap > 0) {
    const counted = await tx.query(
      `INSERT INTO vote_user_counts (user_id, activity_code, period_key, used) VALUES ($1, $2, $3, 1)
       ON CONFLICT (user_id, activity_code, period_key)
       DO UPDATE SET used = vote_user_counts.used + 1 WHERE vote_user_counts.used < $4
       RETURNING used`,
      [userId, code, campaignDay(now), cap],
    );
    if (counted.rowCount === 0) throw new ApiError(409, 'no votes left today', 'VOTE_LIMIT');
  }
  const count = await tx.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM votes WHERE activity_code = $1 AND option_id = $2',
    [code, option.optionId],
  );
  return {
    productId: option.optionId,
    votes: count.rows[0]?.n ?? 0,
    votesLeft: await votesLeft(tx, activity, userId, now),
  };
}
