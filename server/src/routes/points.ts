import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { findActivity, requireActivity } from '../domain/activity-guard';
import { claimOf, idempotent } from '../domain/idempotency';
import {
  exchangeGoods,
  findGoods,
  goodsViews,
  pointsBalance,
  pointsRecords,
  seedPointsGoods,
} from '../domain/points';
import { findUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { ApiError, ok } from '../http/envelope';

/** Chinese headings of ledger rows by reason (the row's own title follows). */
const REASONS: Readonly<Record<string, string>> = {
  task: '完成任务',
  'signIn:daily': '签到奖励',
  'signIn:newUserPacket': '新人签到红包',
  exchange: '积分兑换',
};

/**
 * Points mall and NFC points: routes of ours (spec §7 names no points or supplement call), in
 * the §7 envelope and marked "not in spec" in the API reference. Points are earned by the
 * activity's tasks and sign-in (rewards `points`, domain/rewards.ts) and spent by exchange
 * (domain/points.ts: one transaction of conditional updates, idempotent by key).
 */
export async function registerPointsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await seedPointsGoods(ctx.db, ctx.config.activities);

  defineRoute(app, ctx, {
    call: 'points.balance',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({
        balance: await pointsBalance(ctx.db, userId, activity.activityCode),
        name: activity.points.name,
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'points.goods',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({ list: await goodsViews(ctx.db, activity, userId), name: activity.points.name });
    },
  });

  defineRoute(app, ctx, {
    call: 'points.exchange',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'points');
      const goods = findGoods(activity, input.goodsId);
      const result = await idempotent(ctx.db, userId, claimOf(request), (tx) =>
        exchangeGoods(tx, activity, userId, goods),
      );
      return ok(result);
    },
  });

  defineRoute(app, ctx, {
    call: 'points.records',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const rows = await pointsRecords(
        ctx.db,
        userId,
        activity.activityCode,
        input.kind,
        input.limit,
      );
      const list = rows.map((r) => ({
        ...r,
        title: [REASONS[r.reason] ?? '', r.title].filter(Boolean).join('：') || r.reason,
        change: `${r.amount > 0 ? '+' : ''}${r.amount}${activity.points.name}`,
      }));
      return ok({ list });
    },
  });

  // NFC points supplement: a card payment whose points did not arrive, sent for review. One
  // request per transaction reference (a second is 409); reviews happen outside this app.
  defineRoute(app, ctx, {
    call: 'nfcIntegral.supplement',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'points');
      const day = Date.parse(`${input.tradeDate}T00:00:00+08:00`);
      if (day > ctx.now().getTime() || day < Date.parse(activity.window.start) - 86_400_000) {
        throw new ApiError(400, 'the trade date is outside the activity', 'BAD_TRADE_DATE');
      }
      const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
        const phone = input.useAccountPhone
          ? ((await findUser(tx, userId))?.phone ?? '')
          : (input.phone ?? '');
        const inserted = await tx.query<{ id: number }>(
          `INSERT INTO nfc_supplements
             (user_id, activity_code, trade_date, amount_cents, merchant, trade_ref, phone)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (user_id, activity_code, trade_ref) DO NOTHING RETURNING id`,
          [
            userId,
            activity.activityCode,
            input.tradeDate,
            Math.round(input.amount * 100),
            input.merchant,
            input.tradeRef,
            phone,
          ],
        );
        const row = inserted.rows[0];
        if (!row) {
          throw new ApiError(409, 'this trade was already sent', 'ALREADY_SUBMITTED');
        }
        return { supplementId: Number(row.id), status: 'pending' };
      });
      return ok(result);
    },
  });

  defineRoute(app, ctx, {
    call: 'nfcIntegral.supplements',
    auth: 'user',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{
        id: number;
        trade_date: string;
        amount_cents: number | string;
        merchant: string;
        status: string;
        created_at: Date;
      }>(
        `SELECT id, to_char(trade_date, 'YYYY-MM-DD') AS trade_date, amount_cents, merchant, status, created_at FROM nfc_supplements
         WHERE user_id = $1 AND activity_code = $2 ORDER BY id DESC LIMIT $3`,
        [userId, input.activityCode, input.limit],
      );
      const list = res.rows.map((r) => ({
        supplementId: Number(r.id),
        title: `${r.merchant} · ${(Number(r.amount_cents) / 100).toFixed(2)}元`,
        tradeDate: r.trade_date,
        status: r.status,
        time: new Date(r.created_at).getTime(),
      }));
      return ok({ list });
    },
  });
}
