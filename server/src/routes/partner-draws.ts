import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { activityPhase, findActivity, requireActivity } from '../domain/activity-guard';
import { campaignDay } from '../domain/campaign-time';
import { draw, remainingChances } from '../domain/draw';
import { maskPhone } from '../domain/mask';
import { boundPhone, ensureBinding, maskedOrNull } from '../domain/tongcheng';

import { claimOf, idempotent } from '../domain/idempotency';
import { publicPrizeList } from '../domain/prize-stock';
import { chanceBalance, grantReward } from '../domain/rewards';
import { defineRoute } from '../http/define-route';
import { forbidden, ok } from '../http/envelope';
import { defineDrawRoute } from './draw-route';

const NEW_PHONE_QUARTERS = ['', 'q2', 'q3', 'q4', 'q5'] as const;

/**
 * Partner and seasonal draw pages (spec §7: banker, video partner, travel partner, new phone).
 * Each is an activity config of its own and draws through the same engine as luckDraw.
 */
export function registerPartnerDrawRoutes(app: FastifyInstance, ctx: AppContext): void {
  const status = async (code: string, userId: string | null) => {
    const activity = findActivity(ctx, code);
    const now = ctx.now();
    if (userId === null) {
      return {
        remainChance: activity.chances.dailyFree,
        drawnToday: 0,
        prizes: await publicPrizeList(ctx.db, activity),
        myPrizes: [],
      };
    }
    const mine = await ctx.db.query<{ id: number; prize_id: string; draw_day: string }>(
      `SELECT id, prize_id, draw_day::text AS draw_day FROM draws WHERE user_id = $1 AND activity_code = $2
       ORDER BY id DESC LIMIT 50`,
      [userId, code],
    );
    const today = campaignDay(now);
    return {
      remainChance: await remainingChances(ctx.db, activity, userId, now),
      drawnToday: mine.rows.filter((r) => r.draw_day === today).length,
      prizes: await publicPrizeList(ctx.db, activity),
      myPrizes: mine.rows
        .filter((r) => activity.prizes.find((p) => p.prizeId === r.prize_id)?.type !== 'thanks')
        .map((r) => ({ drawId: r.id, prizeId: r.prize_id })),
    };
  };

  defineRoute(app, ctx, {
    call: 'banker.luckyDraw/addChance',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'draw');
      const n = activity.draw.bankerDailyChances;
      if (n <= 0) throw forbidden('no banker chances in this activity');
      const day = campaignDay(ctx.now());
      const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
        // Once per campaign day: the chance ledger's unique (reason, ref) decides.
        const paid = await grantReward(tx, {
          userId,
          activity,
          reward: { chances: n, goldRiceCents: 0 },
          reason: 'banker',
          ref: day,
        });
        return {
          added: paid.chances,
          remainChance: await chanceBalance(tx, userId, activity.activityCode),
        };
      });
      return ok(result);
    },
  });

  defineDrawRoute(app, ctx, {
    call: 'youkuActivity.youkuUserDraw',
    source: 'youku',
  });

  // Travel partner (Tongcheng): the coupons go to a phone bound per activity, so the status says
  // whether one is bound (masked) and what the page should offer: bind, draw, or nothing left.
  defineRoute(app, ctx, {
    call: 'tongchengActivity.getUserDrawStatus',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const base = await status(input.activityCode, userId);
      const phone = userId === null ? null : await boundPhone(ctx.db, userId, input.activityCode);
      const activity = findActivity(ctx, input.activityCode);
      const last = base.myPrizes[0];
      const lastPrize = last ? activity.prizes.find((p) => p.prizeId === last.prizeId) : undefined;
      return ok({
        ...base,
        bound: phone !== null,
        phone: maskedOrNull(phone),
        stage: phone === null ? 'unbound' : base.remainChance > 0 ? 'canDraw' : 'noChance',
        lastPrize: lastPrize ? { prizeId: lastPrize.prizeId, name: lastPrize.name } : null,
      });
    },
  });
  defineRoute(app, ctx, {
    call: 'tongchengActivity.saveTongchengUserDraw',
    auth: 'user',
    rateLimit: 'draw',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'draw');
      // The binding stands on its own (kept when the draw then finds no chance left); binding
      // again is a no-op, so a retried request is safe before the idempotent draw.
      const phone = await ensureBinding(ctx.db, userId, activity.activityCode, input);
      // One statement (decision 0022); the masked phone is part of the stored answer.
      const result = await ctx.metrics.countDraw(
        draw(ctx.db, activity, userId, {
          payment: { kind: 'chance' },
          source: 'tongcheng',
          now: ctx.now(),
          claim: claimOf(request),
          extra: { phone: maskPhone(phone) },
        }),
      );
      return ok(result);
    },
  });

  // New phone: one index/send pair per quarter's page (index, q2index, ...; send, q2send, ...).
  for (const q of NEW_PHONE_QUARTERS) {
    defineRoute(app, ctx, {
      call: `newPhone.${q}index`,
      auth: 'optional',
      handler: async ({ input, userId }) => {
        const activity = findActivity(ctx, input.activityCode);
        return ok({
          ...(await status(input.activityCode, userId)),
          status: activityPhase(activity, ctx.now()),
          window: {
            start: Date.parse(activity.window.start),
            end: Date.parse(activity.window.end),
          },
        });
      },
    });
    defineDrawRoute(app, ctx, {
      call: `newPhone.${q}send`,
      source: `newPhone${q}`,
    });
  }
}
