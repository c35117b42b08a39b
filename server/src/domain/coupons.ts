import type { ActivityConfig } from '../config/activity-config';
import type { ActivityRegistry } from '../config/load-activities';
import type { Queryable } from '../db/types';
import { ApiError, badRequest, forbidden } from '../http/envelope';

type CouponConfig = ActivityConfig['coupons'][number];

/** Copies each coupon pool into coupon_pools once; the database is the truth afterwards. */
export async function seedCouponPools(db: Queryable, activities: ActivityRegistry): Promise<void> {
  for (const activity of activities.values()) {
    for (const c of activity.coupons) {
      await db.query(
        `INSERT INTO coupon_pools (activity_code, coupon_id, remaining) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING`,
        [activity.activityCode, c.couponId, c.pool],
      );
    }
  }
}

export function findCoupon(activity: ActivityConfig, couponId: string): CouponConfig {
  const coupon = activity.coupons.find((c) => c.couponId === couponId);
  if (!coupon) throw badRequest(`unknown couponId: ${couponId}`);
  return coupon;
}

/** A coupon as the page sees it: no pool size, only a sold-out flag and the caller's count. */
export function publicCoupon(c: CouponConfig, soldOut: boolean, claimed: number) {
  return {
    couponId: c.couponId,
    name: c.name,
    desc: c.desc,
    amount: c.amountCents,
    threshold: c.thresholdCents,
    perUserLimit: c.perUserLimit,
    startTime: c.window ? Date.parse(c.window.start) : null,
    endTime: c.window ? Date.parse(c.window.end) : null,
    soldOut,
    claimed,
    canClaim: !soldOut && claimed < c.perUserLimit,
  };
}

export async function couponViews(db: Queryable, activity: ActivityConfig, userId: string | null) {
  const pools = await db.query<{ coupon_id: string; remaining: number }>(
    'SELECT coupon_id, remaining FROM coupon_pools WHERE activity_code = $1',
    [activity.activityCode],
  );
  const remaining = new Map(pools.rows.map((r) => [r.coupon_id, r.remaining]));
  const claimed = new Map<string, number>();
  if (userId !== null) {
    const mine = await db.query<{ coupon_id: string; claimed: number }>(
      'SELECT coupon_id, claimed FROM user_coupon_counts WHERE user_id = $1 AND activity_code = $2',
      [userId, activity.activityCode],
    );
    for (const r of mine.rows) claimed.set(r.coupon_id, r.claimed);
  }
  return activity.coupons.map((c) =>
    publicCoupon(c, (remaining.get(c.couponId) ?? 0) <= 0, claimed.get(c.couponId) ?? 0),
  );
}

/**
 * Claims one coupon: the per-user count and the pool each move by one conditional statement in
 * the caller's transaction. Whichever fails throws, and the rollback undoes the other, so 200
 * concurrent claims by one user stop exactly at the limit and the pool never goes below 0.
 */
export async function claimCoupon(
  tx: Queryable,
  activity: ActivityConfig,
  userId: string,
  coupon: CouponConfig,
  now: Date,
) {
  if (coupon.window) {
    const t = now.getTime();
    if (t < Date.parse(coupon.window.start) || t > Date.parse(coupon.window.end)) {
      throw forbidden('this coupon cannot be claimed now');
    }
  }
  const code = activity.activityCode;
  const counted = await tx.query<{ claimed: number }>(
    `INSERT INTO user_coupon_counts (user_id, activity_code, coupon_id, claimed) VALUES ($1, $2, $3, 1)
     ON CONFLICT (user_id, activity_code, coupon_id)
     DO UPDATE SET claimed = user_coupon_counts.claimed + 1 WHERE user_coupon_counts.claimed < $4
     RETURNING claimed`,
    [userId, code, coupon.couponId, coupon.perUserLimit],
  );
  const row = counted.rows[0];
  if (!row) throw new ApiError(409, 'you already hold the most of this coupon', 'LIMIT_REACHED');
  const taken = await tx.query(
    `UPDATE coupon_pools SET remaining = remaining - 1
     WHERE activity_code = $1 AND coupon_id = $2 AND remaining > 0 RETURNING remaining`,
    [code, coupon.couponId],
  );
  if (taken.rowCount === 0) throw new ApiError(409, 'this coupon is gone', 'SOLD_OUT');
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO user_coupons (user_id, activity_code, coupon_id, source, created_at)
     VALUES ($1, $2, $3, 'claim', $4) RETURNING id`,
    [userId, code, coupon.couponId, now],
  );
  return {
    userCouponId: Number(inserted.rows[0]?.id),
    ...publicCoupon(coupon, false, row.claimed),
  };
}

/** The caller's coupons, newest first. */
export async function userCoupons(db: Queryable, activity: ActivityConfig, userId: string) {
  const res = await db.query<{ id: number; coupon_id: string; source: string; created_at: Date }>(
    `SELECT id, coupon_id, source, created_at FROM user_coupons
     WHERE user_id = $1 AND activity_code = $2 ORDER BY id DESC LIMIT 200`,
    [userId, activity.activityCode],
  );
  return res.rows.map((r) => {
    const c = activity.coupons.find((x) => x.couponId === r.coupon_id);
    return {
      userCouponId: r.id,
      couponId: r.coupon_id,
      name: c?.name ?? r.coupon_id,
      amount: c?.amountCents ?? 0,
      threshold: c?.thresholdCents ?? 0,
      useUrl: c?.useUrl ?? '',
      source: r.source,
      time: new Date(r.created_at).getTime(),
    };
  });
}
