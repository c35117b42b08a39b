import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { findActivity, requireActivity } from '../domain/activity-guard';
import { addDays, campaignDay } from '../domain/campaign-time';
import { bubbleViews, collectBubble, goldRiceBalance, spendGoldRice } from '../domain/gold-rice';
import { claimOf, idempotent } from '../domain/idempotency';
import { chanceBalance } from '../domain/rewards';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, forbidden, ok } from '../http/envelope';

/**
 * Gold rice and coins (spec §7; §4: sums are cents, the client divides by 100). Collecting a
 * bubble is once per period (ledger unique key); every spend is one conditional update
 * (domain/gold-rice.ts), so the balance never goes negative.
 */
export function registerGoldRiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'generalActivity.queryUserGoldRichSum',
    auth: 'user',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      return ok({ sum: await goldRiceBalance(ctx.db, userId, input.activityCode) });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getUnReceivedGoldRiceList',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const views = await bubbleViews(ctx.db, userId, activity, ctx.now());
      return ok({ list: views.filter((v) => !v.received) });
    },
  });

  // Daily bubbles not collected today expire at the next Beijing midnight.
  defineRoute(app, ctx, {
    call: 'generalActivity.getUserVideoExpireGold',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const now = ctx.now();
      const views = await bubbleViews(ctx.db, userId, activity, now);
      const amount = views
        .filter((v) => v.period === 'daily' && !v.received)
        .reduce((sum, v) => sum + v.amount, 0);
      const expireTime = Date.parse(`${addDays(campaignDay(now), 1)}T00:00:00+08:00`);
      return ok({ amount, expireTime });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.drawGoldRice',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'goldRice');
      const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
        const received = await collectBubble(tx, userId, activity, input.bubbleId, ctx.now());
        return {
          bubbleId: input.bubbleId,
          received,
          firstTime: received > 0,
          sum: await goldRiceBalance(tx, userId, activity.activityCode),
        };
      });
      return ok(result);
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.batchDrawGoldRice',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'goldRice');
      const ids =
        input.bubbleIds === undefined
          ? activity.goldRice.bubbles.map((b) => b.bubbleId)
          : [...new Set(input.bubbleIds.split(',').map((s) => s.trim()))];
      for (const id of ids) {
        if (!activity.goldRice.bubbles.some((b) => b.bubbleId === id))
          throw badRequest(`unknown bubbleId: ${id}`);
      }
      const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
        const list = [];
        for (const id of ids)
          list.push({
            bubbleId: id,
            received: await collectBubble(tx, userId, activity, id, ctx.now()),
          });
        return {
          received: list.reduce((s, x) => s + x.received, 0),
          list,
          sum: await goldRiceBalance(tx, userId, activity.activityCode),
        };
      });
      return ok(result);
    },
  });

  // Gold rice → draw chances at goldRice.chanceCostCents each. The chance balance must have room:
  // a conversion is never silently capped (the gold rice would be lost).
  defineRoute(app, ctx, {
    call: ['generalActivity.convertGoldRich.get', 'generalActivity.convertGoldRich'],
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'goldRice');
      const price = activity.goldRice.chanceCostCents;
      if (price <= 0) throw forbidden('gold-rice conversion is off for this activity');
      const code = activity.activityCode;
      const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
        const ref = randomUUID();
        const sum = await spendGoldRice(tx, {
          userId,
          activityCode: code,
          cents: price * input.chances,
          reason: 'convert',
          ref,
        });
        const room = await tx.query(
          `INSERT INTO user_chances (user_id, activity_code, balance) SELECT $1::bigint, $2::text, $3::int WHERE $3::int <= $4::int
           ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = user_chances.balance + $3::int
           WHERE user_chances.balance + $3::int <= $4::int RETURNING balance`,
          [userId, code, input.chances, activity.chances.maxBalance],
        );
        if (room.rowCount === 0)
          throw new ApiError(409, 'the chance balance is full', 'CHANCES_FULL');
        await tx.query(
          `INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref) VALUES ($1, $2, $3, 'convert', $4)`,
          [userId, code, input.chances, ref],
        );
        return {
          chances: input.chances,
          spent: price * input.chances,
          sum,
          remainChance: await chanceBalance(tx, userId, code),
        };
      });
      return ok(result);
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.coinInfo',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{
        id: number;
        kind: string;
        amount_cents: number;
        status: string;
        created_at: Date;
      }>(
        `SELECT id, kind, amount_cents, status, created_at FROM gold_rice_withdrawals
         WHERE user_id = $1 AND activity_code = $2 ORDER BY id DESC LIMIT 20`,
        [userId, input.activityCode],
      );
      return ok({
        balance: await goldRiceBalance(ctx.db, userId, input.activityCode),
        withdrawMin: activity.goldRice.withdrawMinCents,
        withdrawals: res.rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          amount: Number(r.amount_cents),
          status: r.status,
          time: new Date(r.created_at).getTime(),
        })),
      });
    },
  });

  for (const [name, kind] of [
    ['coinWithDraw', 'coin'],
    ['redPacketWithDraw', 'redPacket'],
  ] as const) {
    defineRoute(app, ctx, {
      call: `generalActivity.${name}` as const,
      auth: 'user',
      rateLimit: 'claim',
      handler: async ({ input, userId, request }) => {
        const activity = requireActivity(ctx, input.activityCode, 'goldRice');
        if (input.amount < activity.goldRice.withdrawMinCents) {
          throw badRequest(`amount must be at least ${activity.goldRice.withdrawMinCents} cents`);
        }
        const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
          const row = await tx.query<{ id: number }>(
            `INSERT INTO gold_rice_withdrawals (user_id, activity_code, kind, amount_cents) VALUES ($1, $2, $3, $4) RETURNING id`,
            [userId, activity.activityCode, kind, input.amount],
          );
          const id = Number(row.rows[0]?.id);
          const sum = await spendGoldRice(tx, {
            userId,
            activityCode: activity.activityCode,
            cents: input.amount,
            reason: name,
            ref: String(id),
          });
          return { withdrawId: id, amount: input.amount, status: 'pending', sum };
        });
        return ok(result);
      },
    });
  }
}
