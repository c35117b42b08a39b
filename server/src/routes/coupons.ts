import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { findActivity, requireActivity } from '../domain/activity-guard';
import {
  claimCoupon,
  couponViews,
  findCoupon,
  seedCouponPools,
  userCoupons,
} from '../domain/coupons';
import { claimOf, idempotent } from '../domain/idempotency';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/**
 * Coupons (spec §7 Coupons, and configActivity couponUserInfo/sendCoupon). Pools are seeded at
 * start; claims enforce pool and per-user limit in one transaction (domain/coupons.ts).
 */
export async function registerCouponRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await seedCouponPools(ctx.db, ctx.config.activities);

  defineRoute(app, ctx, {
    call: 'generalActivityCoupon.getByConfigId2C',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({ list: await couponViews(ctx.db, activity, userId) });
    },
  });

  // Two paths claim: the coupon page (drawCoupon) and the activity page (sendCoupon).
  for (const call of ['generalActivityCoupon.drawCoupon', 'configActivity.sendCoupon'] as const) {
    defineRoute(app, ctx, {
      call,
      auth: 'user',
      rateLimit: 'claim',
      handler: async ({ input, userId, request }) => {
        const activity = requireActivity(ctx, input.activityCode, 'coupons');
        const coupon = findCoupon(activity, input.couponId);
        const result = await idempotent(ctx.db, userId, claimOf(request), (tx) =>
          claimCoupon(tx, activity, userId, coupon, ctx.now()),
        );
        return ok(result);
      },
    });
  }

  defineRoute(app, ctx, {
    call: 'generalActivityCoupon.getBynCouponUrlMap',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const map = Object.fromEntries(activity.coupons.map((c) => [c.couponId, c.useUrl]));
      return ok({ map });
    },
  });

  for (const call of [
    'generalActivityCoupon.getBynUserData',
    'configActivity.couponUserInfo',
  ] as const) {
    defineRoute(app, ctx, {
      call,
      auth: 'user',
      handler: async ({ input, userId }) => {
        const activity = findActivity(ctx, input.activityCode);
        const list = await userCoupons(ctx.db, activity, userId);
        return ok({
          total: list.length,
          list,
          coupons: await couponViews(ctx.db, activity, userId),
        });
      },
    });
  }
}
