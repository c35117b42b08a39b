import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
import { activityCode, byCode } from './draw-route';

const V = '/mp/api/video';
const paged = z.object({
  activityCode,
  page: z.number().int().min(1).max(1000).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
});

/** Player-guide video contest (spec §7 Video guide, generalActivity getVideoRank). */
export function registerVideoGuideRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: `${V}/addVideoGuide`,
    input: z.object({
      activityCode,
      title: z.string().trim().min(1).max(60),
      videoUrl: z.string().min(1).max(200),
      coverUrl: z.string().max(200).optional(),
    }),
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
    method: 'POST',
    url: `${V}/likeVideoPlayerGuide`,
    input: z.object({ activityCode, guideId: z.number().int().min(1) }),
    auth: 'user',
    rateLimit: 'vote',
    handler: async ({ input, userId }) => {
      const activity = requireActivity(ctx, input.activityCode, 'video');
      return ok(await ctx.db.transaction((tx) => likeGuide(tx, activity, userId, input.guideId)));
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${V}/getTodayVideoSubmitNum`,
    input: byCode,
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok(await submitCount(ctx.db, activity, userId, ctx.now()));
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: `${V}/getMyVideoGuide`,
    input: paged,
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
    method: 'GET',
    url: `${V}/getVideoPlayerGuide`,
    input: paged,
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
    method: 'GET',
    url: '/mp/api/generalActivity/getVideoRank',
    input: z.object({ activityCode, limit: z.number().int().min(1).max(100).default(20) }),
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
