import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
import { activityCode, byCode } from './draw-route';

const C = '/mp/api/generalActivityCoupon';
const byCoupon = z.object({
  activityCode,
  couponId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -'),
});

/**
 * Coupons (spec §7 Coupons, and configActivity couponUserInfo/sendCoupon). Pools are seeded at
 * start; claims enforce pool and per-user limit in one transaction (domain/coupons.ts).
 */
export async function registerCouponRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await seedCouponPools(ctx.db, ctx.config.activities);

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${C}/getByConfigId2C`,
    input: byCode,
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({ list: await couponViews(ctx.db, activity, userId) });
    },
  });

  // Two paths claim: the coupon page (drawCoupon) and the activity page (sendCoupon).
  for (const url of [`${C}/drawCoupon`, '/mp/api/configActivity/sendCoupon']) {
    defineRoute(app, ctx, {
      method: 'POST',
      url,
      input: byCoupon,
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
    method: 'POST',
    url: `${C}/getBynCouponUrlMap`,
    input: byCode,
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const map = Object.fromEntries(activity.coupons.map((c) => [c.couponId, c.useUrl]));
      return ok({ map });
    },
  });

  for (const url of [`${C}/getBynUserData`, '/mp/api/configActivity/couponUserInfo']) {
    defineRoute(app, ctx, {
      method: 'POST',
      url,
      input: byCode,
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
