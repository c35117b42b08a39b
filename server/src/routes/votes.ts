import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { activityPhase, findActivity, requireActivity } from '../domain/activity-guard';
import { claimOf, idempotent } from '../domain/idempotency';
import { castVote, findOption, productViews, votesLeft } from '../domain/votes';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/** New-product voting (spec §7 New product). The products are the activity's vote options. */
export function registerVoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'newProduct.getNewProductList',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({ list: await productViews(ctx.db, activity, userId, ctx.now()) });
    },
  });

  defineRoute(app, ctx, {
    call: 'newProduct.getNewProductById',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      findOption(activity, input.productId);
      const list = await productViews(ctx.db, activity, userId, ctx.now());
      return ok(list.find((p) => p.productId === input.productId) ?? null);
    },
  });

  defineRoute(app, ctx, {
    call: 'newProduct.getProductInfos',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const ids = input.productIds?.split(',').map((s) => s.trim());
      for (const id of ids ?? []) findOption(activity, id);
      const list = await productViews(ctx.db, activity, userId, ctx.now());
      return ok({ list: ids ? list.filter((p) => ids.includes(p.productId)) : list });
    },
  });

  defineRoute(app, ctx, {
    call: 'newProduct.getNewProductHeader',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const now = ctx.now();
      const stats = await ctx.db.query<{ votes: number; voters: number }>(
        `SELECT COUNT(*)::int AS votes, COUNT(DISTINCT user_id)::int AS voters
         FROM votes WHERE activity_code = $1`,
        [activity.activityCode],
      );
      return ok({
        title: activity.title,
        desc: activity.activityDesp,
        status: activityPhase(activity, now),
        startTime: Date.parse(activity.window.start),
        endTime: Date.parse(activity.window.end),
        totalVotes: stats.rows[0]?.votes ?? 0,
        voters: stats.rows[0]?.voters ?? 0,
        perUserDailyLimit: activity.vote.perUserDailyLimit,
        votesLeft: userId === null ? null : await votesLeft(ctx.db, activity, userId, now),
      });
    },
  });

  // The live board: products by votes, most first.
  defineRoute(app, ctx, {
    call: 'newProduct.getNewProductLive',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const list = await productViews(ctx.db, activity, null, ctx.now());
      const ranking = [...list].sort((a, b) => b.votes - a.votes || a.index - b.index);
      return ok({
        totalVotes: list.reduce((s, p) => s + p.votes, 0),
        ranking,
        serverTime: ctx.now().getTime(),
      });
    },
  });

  defineRoute(app, ctx, {
    call: ['newProduct.vote.get', 'newProduct.vote'],
    auth: 'user',
    rateLimit: 'vote',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'vote');
      const option = findOption(activity, input.productId);
      const result = await idempotent(ctx.db, userId, claimOf(request), (tx) =>
        castVote(tx, activity, userId, option, ctx.now()),
      );
      return ok(result);
    },
  });
}
