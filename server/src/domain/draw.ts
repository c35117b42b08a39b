import { randomInt, randomUUID } from 'node:crypto';
import type { ActivityConfig, PrizeConfig } from '../config/activity-config';
import type { Queryable } from '../db/types';
import { ApiError } from '../http/envelope';
import { campaignDay } from './campaign-time';
import { spendGoldRice } from './gold-rice';
import { findPrize } from './prize-stock';
import { chanceBalance, grantDailyFreeChances, grantReward } from './rewards';

/** What a draw costs: chances (luckDraw and friends) or gold rice (goldRichDraw). */
export type DrawPayment = { kind: 'chance' } | { kind: 'goldRice'; cents: number };

export interface DrawOutcome {
  drawId: number;
  prizeId: string;
  prizeName: string;
  prizeImage: string;
  prizeType: PrizeConfig['type'];
  /** Slot the wheel or nine-square grid lands on: the prize's index in the config list. */
  index: number;
  /** True when the chosen prize was sold out or over its per-user limit. */
  fallback: boolean;
  reward: { chances: number; goldRiceCents: number; couponId: string | null };
  remainChance: number;
}

/** Picks a prize by weight with the CSPRNG (odds must not be predictable from Math.random). */
export function pickByWeight(prizes: readonly PrizeConfig[]): PrizeConfig | null {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  if (total <= 0) return null;
  let ticket = randomInt(total);
  for (const prize of prizes) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  return null;
}

/** The configured fallback prize, else the first 'thanks' prize. */
export function fallbackPrize(activity: ActivityConfig): PrizeConfig | undefined {
  const id = activity.draw.fallbackPrizeId;
  return id !== undefined
    ? findPrize(activity, id)
    : activity.prizes.find((p) => p.type === 'thanks');
}

/**
 * Reserves one unit of `prize` for the user: the per-user count and the (limited) stock each move
 * by one conditional statement, so no read-then-write window exists. When the stock is out after the
 * count moved, the count is put back inside the same transaction (nobody else saw it).
 */
async function reserve(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  prize: PrizeConfig,
) {
  const code = activity.activityCode;
  if (prize.perUserLimit !== undefined) {
    const counted = await tx.query(
      `INSERT INTO user_prize_counts (user_id, activity_code, prize_id, won) VALUES ($1, $2, $3, 1)
       ON CONFLICT (user_id, activity_code, prize_id)
       DO UPDATE SET won = user_prize_counts.won + 1 WHERE user_prize_counts.won < $4
       RETURNING won`,
      [userId, code, prize.prizeId, prize.perUserLimit],
    );
    if (counted.rowCount === 0) return false;
  }
  // An unlimited prize (stock null: "thanks", chances) touches no shared row: locking its
  // prize_stock row to count it made every draw of the activity queue on one row until commit
  // (issue 17). Its count is the draws table's. Only a limited prize takes a row lock, by the
  // one conditional update that cannot oversell.
  if (prize.stock === null) return true;
  const taken = await tx.query(
    `UPDATE prize_stock SET stock = stock - 1, awarded = awarded + 1
     WHERE activity_code = $1 AND prize_id = $2 AND (stock IS NULL OR stock > 0)
     RETURNING stock`,
    [code, prize.prizeId],
  );
  if (taken.rowCount > 0) return true;
  if (prize.perUserLimit !== undefined) {
    await tx.query(
      `UPDATE user_prize_counts SET won = won - 1
       WHERE user_id = $1 AND activity_code = $2 AND prize_id = $3`,
      [userId, code, prize.prizeId],
    );
  }
  return false;
}

/**
 * Takes the draw's price: chances (after the day's free ones) or gold rice; throws 409 if short.
 * Returns the chance balance left when paid in chances (null otherwise), saving a read.
 */
async function pay(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  payment: DrawPayment,
  now: Date,
) {
  if (payment.kind === 'goldRice') {
    await spendGoldRice(tx, {
      userId,
      activityCode: activity.activityCode,
      cents: payment.cents,
      reason: 'goldRichDraw',
      ref: randomUUID(),
    });
    return { cost: 0, balance: null };
  }
  await grantDailyFreeChances(tx, userId, activity, campaignDay(now));
  const cost = activity.chances.costPerDraw;
  // The row lock taken here also serialises this user's chance draws with each other.
  const spent = await tx.query<{ balance: number }>(
    `UPDATE user_chances SET balance = balance - $3
     WHERE user_id = $1 AND activity_code = $2 AND balance >= $3 RETURNING balance`,
    [userId, activity.activityCode, cost],
  );
  if (spent.rowCount === 0) throw new ApiError(409, 'no draw chances left', 'NO_CHANCE');
  return { cost, balance: Number(spent.rows[0]?.balance) };
}

/**
 * One draw, inside the caller's transaction: pay, pick, reserve (or fall back), record, reward.
 * Any failure throws and the caller's transaction rolls everything back: no chance is lost
 * without a prize and no stock moves without a draw row.
 */
export async function drawOnce(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  options: { payment: DrawPayment; source: string; now: Date },
): Promise<DrawOutcome> {
  const code = activity.activityCode;
  const { cost, balance } = await pay(tx, activity, userId, options.payment, options.now);
  const chosen = pickByWeight(activity.prizes);
  const fallback = fallbackPrize(activity);
  let prize: PrizeConfig | undefined;
  if (chosen && (await reserve(tx, activity, userId, chosen))) prize = chosen;
  else if (fallback && fallback !== chosen && (await reserve(tx, activity, userId, fallback))) {
    prize = fallback;
  }
  if (!prize) throw new ApiError(409, 'all prizes are gone', 'SOLD_OUT');
  const index = activity.prizes.indexOf(prize);
  // The draw row and its ledger row in one statement (one round trip fewer per draw). A
  // physical prize waits for an address ('unpaid') unless the user has saved one already, then
  // it is to ship ('addressed'; routes/user-data.ts moves the waiting ones when one is saved).
  const inserted = await tx.query<{ id: number }>(
    `WITH drawn AS (
       INSERT INTO draws
         (user_id, activity_code, prize_id, prize_type, position, source, status, draw_day, created_at)
       VALUES ($1, $2, $3, $4, $5, $6,
         CASE WHEN $7::text = 'unpaid' AND EXISTS (SELECT 1 FROM user_addresses WHERE user_id = $1)
           THEN 'addressed' ELSE $7::text END,
         $8, $9) RETURNING id),
     spent AS (
       INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref)
       SELECT $1, $2, -$10::int, 'draw', id::text FROM drawn WHERE $10::int > 0)
     SELECT id FROM drawn`,
    [
      userId,
      code,
      prize.prizeId,
      prize.type,
      index,
      options.source,
      prize.type === 'physical' ? 'unpaid' : 'done',
      campaignDay(options.now),
      options.now,
      cost,
    ],
  );
  const drawId = Number(inserted.rows[0]?.id);
  const paid = await grantReward(tx, {
    userId,
    activity,
    reward: { chances: prize.chances, goldRiceCents: prize.goldRiceCents },
    reason: 'drawPrize',
    ref: String(drawId),
  });
  let couponId: string | null = null;
  if (prize.type === 'coupon' && prize.couponId !== undefined) {
    couponId = prize.couponId;
    await tx.query(
      `INSERT INTO user_coupons (user_id, activity_code, coupon_id, source) VALUES ($1, $2, $3, 'draw')`,
      [userId, code, couponId],
    );
  }
  return {
    drawId,
    prizeId: prize.prizeId,
    prizeName: prize.name,
    prizeImage: prize.image,
    prizeType: prize.type,
    index,
    fallback: prize !== chosen,
    reward: { ...paid, couponId },
    // The balance the payment left, unless the prize changed it (or gold rice paid).
    remainChance:
      balance !== null && paid.chances === 0 ? balance : await chanceBalance(tx, userId, code),
  };
}

/**
 * Chances the user would have now without writing anything: the balance plus the day's free
 * chances when they are not yet granted (the draw grants them). A new user therefore sees
 * chances.dailyFree, DEFAULT_REMAINING_CHANCE (spec §9) in the demo activity.
 */
export async function remainingChances(
  db: Queryable,
  activity: ActivityConfig,
  userId: string,
  now: Date,
): Promise<number> {
  const balance = await chanceBalance(db, userId, activity.activityCode);
  if (activity.chances.dailyFree <= 0) return balance;
  const granted = await db.query(
    `SELECT 1 FROM chance_ledger
     WHERE user_id = $1 AND activity_code = $2 AND reason = 'dailyFree' AND ref = $3`,
    [userId, activity.activityCode, campaignDay(now)],
  );
  if (granted.rowCount > 0) return balance;
  return Math.min(balance + activity.chances.dailyFree, activity.chances.maxBalance);
}
