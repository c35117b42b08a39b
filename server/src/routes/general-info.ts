import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { activityPhase, findActivity } from '../domain/activity-guard';

import { maskName } from '../domain/mask';
import { publicPrizeList } from '../domain/prize-stock';
import { publicActivity } from '../domain/public-activity';
import { chanceBalance } from '../domain/rewards';
import { externalTaskViews } from '../domain/tasks';
import { findUser, isNewUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { ok, unauthorized } from '../http/envelope';

/**
 * Read-only activity information of spec §7 generalActivity: dispatch modules, fans-day time
 * and prizes, task history, join list, phone-bill subsidy, new-user checks, tickets, activity
 * info, partner image and the partner task list. Everything comes from the activity config or
 * from the caller's own rows.
 */
export function registerGeneralInfoRoutes(app: FastifyInstance, ctx: AppContext): void {
  // spec §3: the response value is a list; the client uses only its first element.
  defineRoute(app, ctx, {
    call: 'generalActivity.getDispatchModuleList4C',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const list = activity.benefits.dispatchModules
        .filter((m) => m.deviceTypes.some((d) => d === input.deviceType))
        .map(({ deviceTypes: _types, ...m }) => m);
      return ok(list);
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getMifansActivityTime',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const now = ctx.now();
      return ok({
        startTime: Date.parse(activity.window.start),
        endTime: Date.parse(activity.window.end),
        // The page counts down from the server's clock, not the phone's.
        serverTime: now.getTime(),
        activityStatus: activityPhase(activity, now),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.queryMiFansActivityPrizeList',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({ list: await publicPrizeList(ctx.db, activity) });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.showTaskListHistory',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{
        id: string;
        task_id: string;
        period_key: string;
        reward_chances: number;
        reward_gold_rice_cents: string | number;
        completed_at: Date;
        total: number;
      }>(
        `SELECT id::text AS id, task_id, period_key, reward_chances, reward_gold_rice_cents,
                completed_at, count(*) OVER ()::int AS total
         FROM task_completions WHERE user_id = $1 AND activity_code = $2
         ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [userId, activity.activityCode, input.pageSize, (input.page - 1) * input.pageSize],
      );
      const titles = new Map(activity.tasks.map((t) => [t.taskId, t.title]));
      return ok({
        total: res.rows[0]?.total ?? 0,
        list: res.rows.map((r) => ({
          taskLogId: Number(r.id),
          taskId: r.task_id,
          title: titles.get(r.task_id) ?? r.task_id,
          period: r.period_key,
          rewardChances: r.reward_chances,
          rewardGoldRice: Number(r.reward_gold_rice_cents),
          completeTime: new Date(r.completed_at).getTime(),
        })),
      });
    },
  });

  // spec §3 music entities "join list": the latest visitors, masked like the winners ticker.
  defineRoute(app, ctx, {
    call: 'generalActivity.queryUserJoinList',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{ nick_name: string; avatar_url: string; total: number }>(
        `SELECT u.nick_name, u.avatar_url, count(*) OVER ()::int AS total
         FROM user_activity_state s JOIN users u ON u.id = s.user_id
         WHERE s.activity_code = $1 AND s.first_visit_at IS NOT NULL
         ORDER BY s.first_visit_at DESC LIMIT 20`,
        [activity.activityCode],
      );
      return ok({
        total: res.rows[0]?.total ?? 0,
        list: res.rows.map((r) => ({ nickName: maskName(r.nick_name), avatarUrl: r.avatar_url })),
      });
    },
  });

  const newUserOf = async (userId: string, activityCode: string) => {
    const activity = findActivity(ctx, activityCode);
    const user = await findUser(ctx.db, userId);
    if (!user) throw unauthorized();
    return { activity, isNew: isNewUser(user, activity.window.start) };
  };

  defineRoute(app, ctx, {
    call: 'generalActivity.phoneBillAmount',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const { activity, isNew } = await newUserOf(userId, input.activityCode);
      const cfg = activity.benefits.phoneBill;
      const eligible = cfg.amountCents > 0 && (!cfg.newUserOnly || isNew);
      // Cents, like gold rice (spec §4 divides by 100 on the client).
      return ok({ eligible, amount: eligible ? cfg.amountCents : 0 });
    },
  });

  // No card data lives here: "new" means the account is newer than the activity (users.ts).
  defineRoute(app, ctx, {
    call: 'generalActivity.isMipayBindCardNewUser',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const { isNew } = await newUserOf(userId, input.activityCode);
      return ok({ isNewUser: isNew });
    },
  });

  // A ticket is a draw chance: the same balance as getRemainChance.
  defineRoute(app, ctx, {
    call: 'generalActivity.getUserTicket',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({ ticketCount: await chanceBalance(ctx.db, userId, activity.activityCode) });
    },
  });

  // The spec §3 Activity with its phase, in the code-0 envelope of the general calls.
  defineRoute(app, ctx, {
    call: 'generalActivity.activityInfo',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      const now = ctx.now();
      return ok({
        ...publicActivity(activity, now),
        activityStatus: activityPhase(activity, now),
        startTime: Date.parse(activity.window.start),
        endTime: Date.parse(activity.window.end),
        serverTime: now.getTime(),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getHaikuiImgUrl',
    auth: 'none',
    handler: async ({ input }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({ imgUrl: activity.benefits.haikuiImgUrl });
    },
  });

  // The partner task list: the activity's external tasks with the caller's status.
  defineRoute(app, ctx, {
    call: 'generalActivity.bwbtGetTaskList',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const list = await externalTaskViews(ctx.db, userId, activity, ctx.now());
      return ok({ list, login: userId !== null });
    },
  });
}
