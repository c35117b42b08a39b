import type { ActivityConfig, Reward } from '../config/activity-config';
import type { Db, Queryable } from '../db/types';
import { forbidden } from '../http/envelope';
import { addDays, campaignDay } from './campaign-time';
import { grantReward } from './rewards';
import { findUser, isNewUser } from './users';

/** 'daily' = signIn/sign; 'newUserPacket' = newUser/openSignPacket (spec §7). */
export type SignKind = 'daily' | 'newUserPacket';

export interface SignResult {
  /** True when this call signed in now (and paid); false when today was already signed. */
  awarded: boolean;
  day: string;
  /** Consecutive days up to today (spec §3 signCount). */
  signCount: number;
  reward: { chances: number; goldRiceCents: number; label: string };
}

function rewardsOf(activity: ActivityConfig, kind: SignKind): Reward[] {
  return kind === 'daily' ? activity.signIn.rewards : activity.signIn.newUserPacket;
}

/**
 * Signs in once per user, activity and campaign day (Asia/Shanghai). The primary key
 * (user, activity, kind, day) with INSERT ... ON CONFLICT DO NOTHING RETURNING picks one winner
 * among concurrent calls; only the winner pays. Daily rewards cycle with the streak; packet
 * rewards are paid one per opened day until they run out.
 */
export async function signIn(
  db: Db,
  userId: string,
  activity: ActivityConfig,
  kind: SignKind,
  now: Date,
): Promise<SignResult> {
  const day = campaignDay(now);
  const rewards = rewardsOf(activity, kind);
  return db.transaction(async (tx) => {
    const code = activity.activityCode;
    const prev = await tx.query<{ streak: number }>(
      `SELECT streak FROM sign_ins
       WHERE user_id = $1 AND activity_code = $2 AND kind = $3 AND sign_day = $4`,
      [userId, code, kind, addDays(day, -1)],
    );
    const streak = (prev.rows[0]?.streak ?? 0) + 1;
    let reward: Reward | undefined;
    if (kind === 'daily') {
      reward = rewards.length > 0 ? rewards[(streak - 1) % rewards.length] : undefined;
    } else {
      const user = await findUser(tx, userId);
      if (!user || !isNewUser(user, activity.window.start)) {
        throw forbidden('sign packets are for new users only');
      }
      const opened = await tx.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM sign_ins
         WHERE user_id = $1 AND activity_code = $2 AND kind = $3 AND sign_day < $4`,
        [userId, code, kind, day],
      );
      reward = rewards[opened.rows[0]?.n ?? 0];
      if (!reward) throw forbidden('all sign packets are opened');
    }
    const paid = { chances: reward?.chances ?? 0, goldRiceCents: reward?.goldRiceCents ?? 0 };
    const inserted = await tx.query(
      `INSERT INTO sign_ins
         (user_id, activity_code, kind, sign_day, streak, reward_chances, reward_gold_rice_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT DO NOTHING RETURNING streak`,
      [userId, code, kind, day, streak, paid.chances, paid.goldRiceCents],
    );
    if (inserted.rowCount === 0) {
      const today = await signState(tx, userId, code, kind, day);
      return {
        awarded: false,
        day,
        signCount: today.signCount,
        reward: { chances: 0, goldRiceCents: 0, label: '' },
      };
    }
    const granted = await grantReward(tx, {
      userId,
      activity,
      reward: { ...paid, points: reward?.points ?? 0 },
      reason: `signIn:${kind}`,
      ref: day,
      title: `第${streak}天`,
    });
    return {
      awarded: true,
      day,
      signCount: streak,
      reward: { ...granted, label: reward?.label ?? '' },
    };
  });
}

/** Today's status and the current streak (yesterday's when today is not signed yet). */
export async function signState(
  db: Queryable,
  userId: string,
  code: string,
  kind: SignKind,
  day: string,
): Promise<{ signedToday: boolean; signCount: number; signedDays: string[] }> {
  const res = await db.query<{ sign_day: string; streak: number }>(
    `SELECT sign_day::text AS sign_day, streak FROM sign_ins
     WHERE user_id = $1 AND activity_code = $2 AND kind = $3 AND sign_day BETWEEN $4 AND $5
     ORDER BY sign_day DESC`,
    [userId, code, kind, addDays(day, -30), day],
  );
  const byDay = new Map(res.rows.map((r) => [r.sign_day, r.streak]));
  const today = byDay.get(day);
  const yesterday = byDay.get(addDays(day, -1));
  return {
    signedToday: today !== undefined,
    signCount: today ?? yesterday ?? 0,
    signedDays: res.rows.map((r) => r.sign_day),
  };
}
