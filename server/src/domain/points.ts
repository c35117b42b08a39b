import type { ActivityConfig, PointsGoodsConfig } from '../config/activity-config';
import type { ActivityRegistry } from '../config/load-activities';
import type { Queryable } from '../db/types';
import { ApiError, badRequest } from '../http/envelope';

/**
 * Points of an activity (routes of ours: spec §7 names no points call; ../shared/BREADTH.md
 * point 4). Credits go through the ledger's unique (user, activity, reason, ref) key, so a task
 * or sign-in pays once however many requests race; the balance beside it moves only by
 * conditional updates, so a spend can never take it below zero. An exchange is one transaction:
 * per-user count, stock, balance, each a conditional statement; whichever fails throws and the
 * rollback undoes the others (the same shape as coupons.ts claimCoupon).
 */

/** Credits `amount` once per (reason, ref). @returns the points added (0 when paid before). */
export async function creditPoints(
  tx: Queryable,
  args: {
    userId: string;
    activityCode: string;
    amount: number;
    reason: string;
    ref: string;
    title: string;
  },
): Promise<number> {
  const { userId, activityCode, amount, reason, ref, title } = args;
  if (amount <= 0) return 0;
  const ledger = await tx.query(
    `INSERT INTO points_ledger (user_id, activity_code, amount, reason, ref, title)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
    [userId, activityCode, amount, reason, ref, title],
  );
  if (ledger.rowCount === 0) return 0;
  await tx.query(
    `INSERT INTO points_balances (user_id, activity_code, balance) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, activity_code)
     DO UPDATE SET balance = points_balances.balance + EXCLUDED.balance`,
    [userId, activityCode, amount],
  );
  return amount;
}

export async function pointsBalance(db: Queryable, userId: string, code: string): Promise<number> {
  const res = await db.query<{ balance: number | string }>(
    'SELECT balance FROM points_balances WHERE user_id = $1 AND activity_code = $2',
    [userId, code],
  );
  return Number(res.rows[0]?.balance ?? 0);
}

/** Stock rows for goods with a limited stock; never refilled by a restart. */
export async function seedPointsGoods(db: Queryable, activities: ActivityRegistry): Promise<void> {
  for (const activity of activities.values()) {
    for (const g of activity.points.goods) {
      if (g.stock === null) continue;
      await db.query(
        `INSERT INTO points_goods_stock (activity_code, goods_id, remaining) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING`,
        [activity.activityCode, g.goodsId, g.stock],
      );
    }
  }
}

export function findGoods(activity: ActivityConfig, goodsId: string): PointsGoodsConfig {
  const goods = activity.points.goods.find((g) => g.goodsId === goodsId);
  if (!goods) throw badRequest(`unknown goodsId: ${goodsId}`);
  return goods;
}

/** The goods as the page sees them: never the stock figure itself, only whether any is left. */
export async function goodsViews(db: Queryable, activity: ActivityConfig, userId: string | null) {
  const code = activity.activityCode;
  const stock = await db.query<{ goods_id: string; remaining: number }>(
    'SELECT goods_id, remaining FROM points_goods_stock WHERE activity_code = $1',
    [code],
  );
  const left = new Map(stock.rows.map((r) => [r.goods_id, Number(r.remaining)]));
  const counts = new Map<string, number>();
  if (userId) {
    const mine = await db.query<{ goods_id: string; exchanged: number }>(
      `SELECT goods_id, exchanged FROM user_points_goods_counts
       WHERE user_id = $1 AND activity_code = $2`,
      [userId, code],
    );
    for (const r of mine.rows) counts.set(r.goods_id, Number(r.exchanged));
  }
  return activity.points.goods.map((g) => ({
    goodsId: g.goodsId,
    name: g.name,
    desc: g.desc,
    image: g.image,
    cost: g.cost,
    perUserLimit: g.perUserLimit,
    exchanged: counts.get(g.goodsId) ?? 0,
    soldOut: g.stock !== null && (left.get(g.goodsId) ?? g.stock) <= 0,
  }));
}

export interface ExchangeResult {
  exchangeId: number;
  goodsId: string;
  name: string;
  cost: number;
  balance: number;
  exchanged: number;
  userCouponId: number | null;
}

/** Spends the goods' cost on one unit, inside the caller's transaction (route: idempotent()). */
export async function exchangeGoods(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  goods: PointsGoodsConfig,
): Promise<ExchangeResult> {
  const code = activity.activityCode;
  const counted = await tx.query<{ exchanged: number }>(
    `INSERT INTO user_points_goods_counts (user_id, activity_code, goods_id, exchanged)
     VALUES ($1, $2, $3, 1)
     ON CONFLICT (user_id, activity_code, goods_id)
     DO UPDATE SET exchanged = user_points_goods_counts.exchanged + 1
     WHERE user_points_goods_counts.exchanged < $4
     RETURNING exchanged`,
    [userId, code, goods.goodsId, goods.perUserLimit],
  );
  const count = counted.rows[0];
  if (!count) throw new ApiError(409, 'you took the most of these goods', 'LIMIT_REACHED');
  if (goods.stock !== null) {
    const taken = await tx.query(
      `UPDATE points_goods_stock SET remaining = remaining - 1
       WHERE activity_code = $1 AND goods_id = $2 AND remaining > 0`,
      [code, goods.goodsId],
    );
    if (taken.rowCount === 0) throw new ApiError(409, 'these goods are gone', 'SOLD_OUT');
  }
  const spent = await tx.query<{ balance: number | string }>(
    `UPDATE points_balances SET balance = balance - $3
     WHERE user_id = $1 AND activity_code = $2 AND balance >= $3
     RETURNING balance`,
    [userId, code, goods.cost],
  );
  const left = spent.rows[0];
  if (!left) throw new ApiError(409, 'not enough points', 'INSUFFICIENT_POINTS');
  let userCouponId: number | null = null;
  if (goods.couponId) {
    const coupon = await tx.query<{ id: number }>(
      `INSERT INTO user_coupons (user_id, activity_code, coupon_id, source)
       VALUES ($1, $2, $3, 'exchange') RETURNING id`,
      [userId, code, goods.couponId],
    );
    userCouponId = Number(coupon.rows[0]?.id);
  }
  const exchange = await tx.query<{ id: number }>(
    `INSERT INTO points_exchanges (user_id, activity_code, goods_id, cost, user_coupon_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [userId, code, goods.goodsId, goods.cost, userCouponId],
  );
  const exchangeId = Number(exchange.rows[0]?.id);
  // The balance already moved by the conditional update; the ledger row is the record of it.
  await tx.query(
    `INSERT INTO points_ledger (user_id, activity_code, amount, reason, ref, title)
     VALUES ($1, $2, $3, 'exchange', $4, $5)`,
    [userId, code, -goods.cost, String(exchangeId), goods.name],
  );
  return {
    exchangeId,
    goodsId: goods.goodsId,
    name: goods.name,
    cost: goods.cost,
    balance: Number(left.balance),
    exchanged: Number(count.exchanged),
    userCouponId,
  };
}

/** The ledger, newest first: what earned points and what they bought. */
export async function pointsRecords(
  db: Queryable,
  userId: string,
  code: string,
  kind: 'all' | 'earn' | 'spend',
  limit: number,
) {
  const filter = kind === 'earn' ? 'AND amount > 0' : kind === 'spend' ? 'AND amount < 0' : '';
  const res = await db.query<{
    id: number;
    amount: number | string;
    reason: string;
    title: string;
    created_at: Date;
  }>(
    `SELECT id, amount, reason, title, created_at FROM points_ledger
     WHERE user_id = $1 AND activity_code = $2 ${filter}
     ORDER BY id DESC LIMIT $3`,
    [userId, code, limit],
  );
  return res.rows.map((r) => ({
    recordId: Number(r.id),
    amount: Number(r.amount),
    reason: r.reason,
    title: r.title,
    time: new Date(r.created_at).getTime(),
  }));
}
