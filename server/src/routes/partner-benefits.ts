import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { activityPhase, findActivity } from '../domain/activity-guard';

import { campaignDay } from '../domain/campaign-time';
import { chanceBalance } from '../domain/rewards';
import { taskViews } from '../domain/tasks';
import { findUser, isNewUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { badRequest, ok, unauthorized } from '../http/envelope';

/**
 * Small partner calls of spec §7: zhongjin exchange status, new-machine interest, the orchid
 * card and the bank ("banker") home details. Data from the activity config and the caller's
 * own rows; banker/luckyDraw/addChance lives with the draws (routes/partner-draws.ts).
 */
export function registerPartnerBenefitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const userAndActivity = async (userId: string, code: string) => {
    const activity = findActivity(ctx, code);
    const user = await findUser(ctx.db, userId);
    if (!user) throw unauthorized();
    return { activity, user };
  };

  // 0 = cannot exchange now (activity not running), 1 = may exchange, 2 = exchanged, where
  // exchanging is the activity registration (configActivity/register).
  defineRoute(app, ctx, {
    call: 'zhongjin.exchangeStatus',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{ registered: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM activity_registrations
                        WHERE user_id = $1 AND activity_code = $2) AS registered`,
        [userId, activity.activityCode],
      );
      const registered = res.rows[0]?.registered ?? false;
      const phase = activityPhase(activity, ctx.now());
      return ok({ status: registered ? 2 : phase === 'ongoing' ? 1 : 0, activityStatus: phase });
    },
  });

  // New-machine users (account newer than the activity) get the interest doubled.
  defineRoute(app, ctx, {
    call: 'newMachines.interest/doubleAmount',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const { activity, user } = await userAndActivity(userId, input.activityCode);
      const base = activity.benefits.newMachines.interestCents;
      const doubled = isNewUser(user, activity.window.start);
      return ok({ baseAmount: base, doubled, amount: doubled ? base * 2 : base });
    },
  });

  defineRoute(app, ctx, {
    call: 'newMachines.interest/receiveCountDown',
    auth: 'none',
    handler: async ({ input, reply }) => {
      const activity = findActivity(ctx, input.activityCode);
      const deadline = Date.parse(
        activity.benefits.newMachines.receiveDeadline ?? activity.window.end,
      );
      const now = ctx.now().getTime();
      reply.header('Cache-Control', 'no-store');
      return ok({
        deadline,
        serverTime: now,
        remainingMs: Math.max(0, deadline - now),
        expired: now > deadline,
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'newMachines.interest/newMachinesOldUser',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const { activity, user } = await userAndActivity(userId, input.activityCode);
      return ok({ oldUser: !isNewUser(user, activity.window.start) });
    },
  });

  // spec §7 keeps the path's spelling: /mp/api/orchild/.
  defineRoute(app, ctx, {
    call: 'orchid.getOrchidInfo',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({
        ...activity.benefits.orchid,
        activityStatus: activityPhase(activity, ctx.now()),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'banker.taskDetail',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      if (input.taskId !== undefined && !activity.tasks.some((t) => t.taskId === input.taskId)) {
        throw badRequest(`unknown taskId: ${input.taskId}`);
      }
      const list = await taskViews(
        ctx.db,
        userId,
        activity,
        ctx.now(),
        (t) => input.taskId === undefined || t.taskId === input.taskId,
      );
      return ok({ list });
    },
  });

  // The bank home's draw box: balance and whether today's banker chances were added.
  defineRoute(app, ctx, {
    call: 'banker.detail',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const added = await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM chance_ledger
         WHERE user_id = $1 AND activity_code = $2 AND reason = 'banker' AND ref = $3`,
        [userId, activity.activityCode, campaignDay(ctx.now())],
      );
      return ok({
        activityStatus: activityPhase(activity, ctx.now()),
        dailyChances: activity.draw.bankerDailyChances,
        addedToday: (added.rows[0]?.n ?? 0) > 0,
        remainChance: await chanceBalance(ctx.db, userId, activity.activityCode),
      });
    },
  });
}
