import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { activityPhase, findActivity, requireActivity } from '../domain/activity-guard';
import { campaignDay } from '../domain/campaign-time';
import { remainingChances } from '../domain/draw';
import { currentFlashRound, nextFlashRound } from '../domain/flash-rounds';
import { claimOf, idempotent } from '../domain/idempotency';
import { useMultCard } from '../domain/mult-card';
import { publicPrizeList, seedPrizeStock, soldOutPrizes } from '../domain/prize-stock';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, forbidden, ok } from '../http/envelope';
import { FLASH_ROUND_CLOSED } from '../../../src/contracts/draws';
import { defineDrawRoute } from './draw-route';

/**
 * Lucky draws and chances (spec §7 General activity). The engine is domain/draw.ts; stock is
 * seeded into the database here, at start, and never sent as numbers (sold-out flags only).
 */
export async function registerDrawRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await seedPrizeStock(ctx.db, ctx.config.activities);

  defineRoute(app, ctx, {
    call: 'generalActivity.getRemainChance',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      // Anonymous visitors see what a new user gets (spec §3/§9 default remaining chance).
      const remainChance =
        userId === null
          ? activity.chances.dailyFree
          : await remainingChances(ctx.db, activity, userId, ctx.now());
      return ok({ remainChance, costPerDraw: activity.chances.costPerDraw });
    },
  });

  defineDrawRoute(app, ctx, {
    call: ['generalActivity.luckDraw', 'generalActivity.luckDraw.get'],
    source: 'luckDraw',
  });
  defineDrawRoute(app, ctx, {
    call: 'generalActivity.flashLuckDraw',
    source: 'flash',
    // Issue 32: a flash draw is accepted only inside one of the day's rounds (the server's
    // clock decides; the coordinates the page sends are bounded and never pick the prize).
    check: (activity, now) => {
      if (activity.flash.rounds.length > 0 && currentFlashRound(activity, now) === null)
        throw new ApiError(403, 'no flash round is open now', FLASH_ROUND_CLOSED);
    },
  });
  defineDrawRoute(app, ctx, {
    call: 'generalActivity.goldRichDraw',
    source: 'goldRich',
    payment: (activity) => {
      const cents = activity.goldRice.drawCostCents;
      if (cents <= 0) throw forbidden('gold-rice draws are off for this activity');
      return { kind: 'goldRice', cents };
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getFlashDrawByConfigActivityId4C',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const id = input.configActivityId ?? input.id;
      const activity =
        input.activityCode !== undefined
          ? findActivity(ctx, input.activityCode)
          : [...ctx.config.activities.values()].find((a) => a.id === id);
      if (!activity) {
        throw badRequest(
          id === undefined ? 'activityCode or configActivityId is required' : `unknown id: ${id}`,
        );
      }
      const now = ctx.now();
      return ok({
        activityCode: activity.activityCode,
        status: activityPhase(activity, now),
        costPerDraw: activity.chances.costPerDraw,
        goldRiceDrawCost: activity.goldRice.drawCostCents,
        remainChance:
          userId === null
            ? activity.chances.dailyFree
            : await remainingChances(ctx.db, activity, userId, now),
        prizes: await publicPrizeList(ctx.db, activity),
        serverTime: now.getTime(),
        rounds: activity.flash.rounds.length,
        round: currentFlashRound(activity, now),
        nextRound: nextFlashRound(activity, now),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.prizeStock',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const soldOut = await soldOutPrizes(ctx.db, activity);
      const list = activity.prizes.map((p) => ({
        prizeId: p.prizeId,
        soldOut: soldOut.has(p.prizeId),
      }));
      return ok({ list });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.prizeUserCount',
    auth: 'none',
    handler: async ({ input }) => {
      findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{ users: number; winners: number }>(
        `SELECT COUNT(DISTINCT user_id)::int AS users,
                COUNT(DISTINCT user_id) FILTER (WHERE prize_type <> 'thanks')::int AS winners
         FROM draws WHERE activity_code = $1`,
        [input.activityCode],
      );
      const row = res.rows[0];
      return ok({ userCount: row?.users ?? 0, winnerCount: row?.winners ?? 0 });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.chanceFlow',
    auth: 'user',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{
        id: number;
        delta: number;
        reason: string;
        created_at: Date;
      }>(
        `SELECT id, delta, reason, created_at FROM chance_ledger
         WHERE user_id = $1 AND activity_code = $2 ORDER BY id DESC LIMIT $3`,
        [userId, input.activityCode, input.limit],
      );
      const list = res.rows.map((r) => ({
        id: r.id,
        delta: r.delta,
        reason: r.reason,
        time: new Date(r.created_at).getTime(),
      }));
      return ok({ list });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.useMultCard',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'draw');
      if (activity.draw.multCardsPerDay <= 0)
        throw forbidden('no multiplier cards in this activity');
      const day = campaignDay(ctx.now());
      return ok(
        await idempotent(ctx.db, userId, claimOf(request), (tx) =>
          useMultCard(tx, activity, userId, day),
        ),
      );
    },
  });
}
