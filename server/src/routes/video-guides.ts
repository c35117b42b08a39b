import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { findActivity, requireActivity } from '../domain/activity-guard';
import { claimOf, idempotent } from '../domain/idempotency';
import { addGuide, likeGuide, myGuides, publicGuides, submitCount } from '../domain/video-guides';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/**
 * Player-guide video contest (spec §7 Video guide, generalActivity getVideoRank). Lists and ranks
 * show approved guides only; the submitter's own list shows every state (issue 32, the review in
 * ./ops-video-review.ts).
 */
export function registerVideoGuideRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'video.addVideoGuide',
    auth: 'user',
    rateLimit: 'upload',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'video');
      const result = await idempotent(ctx.db, userId, claimOf(request), (tx) =>
        addGuide(tx, activity, userId, input, ctx.now()),
      );
      return ok(result);
    },
  });

  defineRoute(app, ctx, {
    call: 'video.likeVideoPlayerGuide',
    auth: 'user',
    rateLimit: 'vote',
    handler: async ({ input, userId }) => {
      const activity = requireActivity(ctx, input.activityCode, 'video');
      return ok(await ctx.db.transaction((tx) => likeGuide(tx, activity, userId, input.guideId)));
    },
  });

  defineRoute(app, ctx, {
    call: 'video.getTodayVideoSubmitNum',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok(await submitCount(ctx.db, activity, userId, ctx.now()));
    },
  });

  defineRoute(app, ctx, {
    call: 'video.getMyVideoGuide',
    auth: 'user',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      const page = { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
      return ok({ list: await myGuides(ctx.db, input.activityCode, userId, page) });
    },
  });

  defineRoute(app, ctx, {
    call: 'video.getVideoPlayerGuide',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      const page = {
        order: 'latest' as const,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      };
      return ok({ list: await publicGuides(ctx.db, input.activityCode, userId, page) });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getVideoRank',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      const page = { order: 'rank' as const, limit: input.limit, offset: 0 };
      const list = await publicGuides(ctx.db, input.activityCode, userId, page);
      return ok({ list: list.map((guide, i) => ({ rank: i + 1, ...guide })) });
    },
  });
}
