import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
import { activityCode, byCode } from './draw-route';

const P = '/mp/api/points';
const N = '/mp/api/nfcIntegral';
const goodsId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or -');
const limit = z.coerce.number().int().min(1).max(100).default(20);

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
    method: 'GET',
    url: `${P}/balance`,
    input: byCode,
    auth: 'user',
    ours: true,
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({
        balance: await pointsBalance(ctx.db, userId, activity.activityCode),
        name: activity.points.name,
      });
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${P}/goods`,
    input: byCode,
    auth: 'optional',
    ours: true,
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({ list: await goodsViews(ctx.db, activity, userId), name: activity.points.name });
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: `${P}/exchange`,
    input: z.object({ activityCode, goodsId }),
    auth: 'user',
    rateLimit: 'claim',
    ours: true,
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
    method: 'GET',
    url: `${P}/records`,
    input: z.object({
      activityCode,
      kind: z.enum(['all', 'earn', 'spend']).default('all'),
      limit,
    }),
    auth: 'user',
    ours: true,
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
    method: 'POST',
    url: `${N}/supplement`,
    input: z.object({
      activityCode,
      tradeDate: z.iso.date(),
      amount: z.coerce.number().positive().max(1_000_000),
      merchant: z.string().trim().min(1).max(40),
      tradeRef: z.string().regex(/^[A-Za-z0-9-]{4,40}$/, '4-40 letters, digits or -'),
      phone: z
        .string()
        .transform((v) => v.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^1\d{10}$/, 'an 11-digit mobile number'))
        .optional(),
      // lead-form: the visitor kept the masked account phone, so the number is the account's.
      useAccountPhone: z
        .union([z.boolean(), z.enum(['true', 'false'])])
        .transform((v) => v === true || v === 'true')
        .optional(),
    }),
    auth: 'user',
    rateLimit: 'claim',
    ours: true,
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
    method: 'GET',
    url: `${N}/supplements`,
    input: z.object({ activityCode, limit }),
    auth: 'user',
    ours: true,
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
        title: `${r.merchant} ${(Number(r.amount_cents) / 100).toFixed(2)}元`,
        tradeDate: r.trade_date,
        status: r.status,
        time: new Date(r.created_at).getTime(),
      }));
      return ok({ list });
    },
  });
}
