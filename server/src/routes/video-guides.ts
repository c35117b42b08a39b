import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { findActivity, requireActivity } from '../domain/activity-guard';
import { claimOf, idempotent } from '../domain/idempotency';
import {
  addGuide,
  GUIDE_SELECT,
  guideView,
  likedBy,
  likeGuide,
  submitCount,
} from '../domain/video-guides';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/** Player-guide video contest (spec §7 Video guide, generalActivity getVideoRank). */
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
      const res = await ctx.db.query<Parameters<typeof guideView>[0]>(
        `${GUIDE_SELECT} WHERE g.activity_code = $1 AND g.user_id = $2 ORDER BY g.id DESC LIMIT $3 OFFSET $4`,
        [input.activityCode, userId, input.pageSize, (input.page - 1) * input.pageSize],
      );
      const liked = await likedBy(
        ctx.db,
        userId,
        res.rows.map((r) => r.id),
      );
      return ok({ list: res.rows.map((r) => guideView(r, userId, liked)) });
    },
  });

  defineRoute(app, ctx, {
    call: 'video.getVideoPlayerGuide',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<Parameters<typeof guideView>[0]>(
        `${GUIDE_SELECT} WHERE g.activity_code = $1 ORDER BY g.id DESC LIMIT $2 OFFSET $3`,
        [input.activityCode, input.pageSize, (input.page - 1) * input.pageSize],
      );
      const liked = await likedBy(
        ctx.db,
        userId,
        res.rows.map((r) => r.id),
      );
      return ok({ list: res.rows.map((r) => guideView(r, userId, liked)) });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getVideoRank',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<Parameters<typeof guideView>[0]>(
        `${GUIDE_SELECT} WHERE g.activity_code = $1 ORDER BY g.like_count DESC, g.id LIMIT $2`,
        [input.activityCode, input.limit],
      );
      const liked = await likedBy(
        ctx.db,
        userId,
        res.rows.map((r) => r.id),
      );
      return ok({
        list: res.rows.map((r, i) => ({ rank: i + 1, ...guideView(r, userId, liked) })),
      });
    },
  });
}
