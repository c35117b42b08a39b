import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import { IDEMPOTENCY_HEADER } from '../../../src/spec/constants';
import type { AppContext } from '../app-context';
import type { ActivityConfig } from '../config/activity-config';
import type { VipGoods } from '../config/benefits-config';
import { findActivity } from '../domain/activity-guard';
import { requireOngoing } from '../domain/benefit-guard';
import { campaignDay } from '../domain/campaign-time';
import { idempotencyKey } from '../domain/idempotency';
import {
  completeVipOrder,
  sameSignature,
  signCashierFields,
  type CashierFields,
} from '../domain/video-vip';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, ok } from '../http/envelope';

interface OrderRow {
  order_no: string;
  activity_code: string;
  goods_id: string;
  amount_cents: string | number;
  status: 'created' | 'paid' | 'closed';
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
}

function goodsOf(activity: ActivityConfig, goodsId: string): VipGoods {
  const goods = activity.benefits.videoVip.goods.find((g) => g.goodsId === goodsId);
  if (!goods) throw badRequest(`unknown goodsId: ${goodsId}`);
  return goods;
}

/** An unpaid order past its TTL reads as closed; nothing sweeps the table. */
function orderView(ctx: AppContext, r: OrderRow) {
  const expired = r.status === 'created' && new Date(r.expires_at).getTime() < ctx.now().getTime();
  const goods = ctx.config.activities
    .get(r.activity_code)
    ?.benefits.videoVip.goods.find((g) => g.goodsId === r.goods_id);
  return {
    orderNo: r.order_no,
    activityCode: r.activity_code,
    goodsId: r.goods_id,
    goodsName: goods?.name ?? r.goods_id,
    amount: Number(r.amount_cents),
    status: expired ? 'closed' : r.status,
    createTime: new Date(r.created_at).getTime(),
    expireTime: new Date(r.expires_at).getTime(),
    paidTime: r.paid_at ? new Date(r.paid_at).getTime() : null,
  };
}

/** What the cashier was given for an order (pay / payV2), rebuilt from the stored row. */
function cashierFieldsOf(order: ReturnType<typeof orderView>, subject: string): CashierFields {
  return {
    orderNo: order.orderNo,
    amount: order.amount,
    currency: 'CNY',
    subject,
    expireTime: order.expireTime,
  };
}

/**
 * Video membership (spec §7 /mp/api/video/vip/): a goods catalogue from the activity config
 * and an order table. pay/payV2 create the order once per Idempotency-Key and return what the
 * native cashier needs (spec §7 Native bridge: cashier pay and payV2); query and payFlow read
 * only the caller's orders. The cashier's paid callback is not part of the catalogue.
 */
export function registerVideoVipRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'videoVip.goodsList',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({ list: activity.benefits.videoVip.goods });
    },
  });

  // The cashier checks this signature on its side; the server secret never leaves.
  const sign = (fields: CashierFields) => signCashierFields(ctx.secret, fields);

  const payRoute = (call: 'pay' | 'payV2') =>
    defineRoute(app, ctx, {
      call: `videoVip.${call}` as const,
      auth: 'user',
      rateLimit: 'claim',
      handler: async ({ input, userId, request }) => {
        const activity = requireOngoing(ctx, input.activityCode);
        const goods = goodsOf(activity, input.goodsId);
        const key = idempotencyKey(request);
        // Without a key a retried pay would open a second order: refuse instead.
        if (key === null) throw badRequest(`${IDEMPOTENCY_HEADER} header is required`);
        const now = ctx.now();
        const orderNo = `VV${campaignDay(now).replace(/-/g, '')}${randomBytes(8).toString('hex')}`;
        const expires = new Date(
          now.getTime() + activity.benefits.videoVip.orderTtlMinutes * 60_000,
        );
        await ctx.db.query(
          `INSERT INTO video_vip_orders (order_no, user_id, activity_code, goods_id, amount_cents,
             idempotency_key, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id, idempotency_key) DO NOTHING`,
          [
            orderNo,
            userId,
            activity.activityCode,
            goods.goodsId,
            goods.priceCents,
            key,
            now,
            expires,
          ],
        );
        const res = await ctx.db.query<OrderRow>(
          'SELECT * FROM video_vip_orders WHERE user_id = $1 AND idempotency_key = $2',
          [userId, key],
        );
        const row = res.rows[0];
        if (!row) throw new Error('order upsert returned no row');
        if (row.goods_id !== goods.goodsId || row.activity_code !== activity.activityCode) {
          throw new ApiError(422, `this ${IDEMPOTENCY_HEADER} was used for another order`);
        }
        const order = orderView(ctx, row);
        const fields = cashierFieldsOf(order, goods.name);
        const signature = sign(fields);
        if (call === 'pay') return ok({ ...order, ...fields, sign: signature });
        // payV2: the bridge takes one opaque order string.
        const orderInfo = Buffer.from(JSON.stringify({ ...fields, sign: signature })).toString(
          'base64url',
        );
        return ok({ ...order, orderInfo });
      },
    });
  payRoute('pay');
  payRoute('payV2');

  defineRoute(app, ctx, {
    call: 'videoVip.query',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const res = await ctx.db.query<OrderRow>(
        'SELECT * FROM video_vip_orders WHERE order_no = $1 AND user_id = $2',
        [input.orderNo, userId],
      );
      const row = res.rows[0];
      // Another user's order answers exactly like a missing one.
      if (!row) throw new ApiError(404, 'no such order');
      return ok(orderView(ctx, row));
    },
  });

  defineRoute(app, ctx, {
    call: 'videoVip.payFlow',
    auth: 'user',
    handler: async ({ input, userId }) => {
      if (input.activityCode !== undefined) findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<OrderRow & { total: number }>(
        `SELECT *, count(*) OVER ()::int AS total FROM video_vip_orders
         WHERE user_id = $1 AND ($2::text IS NULL OR activity_code = $2)
         ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [userId, input.activityCode ?? null, input.pageSize, (input.page - 1) * input.pageSize],
      );
      return ok({
        total: res.rows[0]?.total ?? 0,
        list: res.rows.map((r) => orderView(ctx, r)),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'videoVip.membership',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{ expires_at: Date }>(
        'SELECT expires_at FROM video_vip_memberships WHERE user_id = $1 AND activity_code = $2',
        [userId, activity.activityCode],
      );
      const grants = await ctx.db.query<{ n: number; days: number | null }>(
        `SELECT count(*)::int AS n, sum(days)::int AS days FROM video_vip_grants
         WHERE user_id = $1 AND activity_code = $2`,
        [userId, activity.activityCode],
      );
      const expires = res.rows[0] ? new Date(res.rows[0].expires_at).getTime() : null;
      return ok({
        active: expires !== null && expires > ctx.now().getTime(),
        expireTime: expires,
        paidOrders: grants.rows[0]?.n ?? 0,
        totalDays: grants.rows[0]?.days ?? 0,
      });
    },
  });

  /*
   * The sandbox cashier: what the native cashier does after the user pays, for the reference
   * server and the fake bridge (preview, end-to-end tests), where no real cashier exists. It
   * takes the order number and the signature the cashier was given (pay: `sign`; payV2: inside
   * `orderInfo`), checks that signature against the stored order, and completes the order as a
   * cashier's paid notification would (domain/video-vip.ts). Off unless the server runs with
   * SANDBOX_CASHIER=1: a user must never mark an order paid in production.
   */
  defineRoute(app, ctx, {
    call: 'videoVip.sandboxCashier',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      if (!ctx.config.sandboxCashier) throw new ApiError(404, 'the sandbox cashier is off');
      const res = await ctx.db.query<OrderRow>(
        'SELECT * FROM video_vip_orders WHERE order_no = $1 AND user_id = $2',
        [input.orderNo, userId],
      );
      const row = res.rows[0];
      if (!row) throw new ApiError(404, 'no such order');
      const order = orderView(ctx, row);
      const activity = ctx.config.activities.get(row.activity_code);
      const goods = activity?.benefits.videoVip.goods.find((g) => g.goodsId === row.goods_id);
      if (!goods) throw new ApiError(409, 'the goods of this order are gone', 'ORDER_CLOSED');
      const expected = signCashierFields(ctx.secret, cashierFieldsOf(order, goods.name));
      if (!sameSignature(expected, input.sign)) throw badRequest('the signature does not match');
      const tradeNo = `SB${randomBytes(12).toString('hex')}`;
      const done = await ctx.db.transaction((tx) =>
        completeVipOrder(ctx, tx, {
          orderNo: row.order_no,
          userId,
          tradeNo,
          days: () => goods.days,
        }),
      );
      return ok(done);
    },
  });
}
