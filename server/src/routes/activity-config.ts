import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { activityPhase, findActivity } from '../domain/activity-guard';
import { publicActivity } from '../domain/public-activity';
import { findUser, isNewUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { badRequest, ok, okActivity } from '../http/envelope';

/** Activity configuration calls (spec §7 "Activity config"). */
export function registerActivityConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  // spec §3, §4: success is code 1 here. Looked up by activityCode or by numeric id.
  defineRoute(app, ctx, {
    call: 'configActivity.getSingleConfigActivity4c',
    auth: 'none',
    handler: async ({ input, reply }) => {
      const id = input.id ?? input.configActivityId;
      const activity =
        input.activityCode !== undefined
          ? findActivity(ctx, input.activityCode)
          : [...ctx.config.activities.values()].find((a) => a.id === id);
      if (!activity) {
        throw badRequest(id === undefined ? 'activityCode or id is required' : `unknown id: ${id}`);
      }
      reply.header('Cache-Control', 'no-cache');
      return okActivity(publicActivity(activity, ctx.now()));
    },
  });

  const status = async (activityCode: string, userId: string | null) => {
    const activity = findActivity(ctx, activityCode);
    const user = userId === null ? null : await findUser(ctx.db, userId);
    const state = user
      ? (
          await ctx.db.query<{ calendar_remind: boolean; registered: boolean }>(
            `SELECT
               COALESCE((SELECT calendar_remind FROM user_activity_state
                         WHERE user_id = $1 AND activity_code = $2), false) AS calendar_remind,
               EXISTS (SELECT 1 FROM activity_registrations
                       WHERE user_id = $1 AND activity_code = $2) AS registered`,
            [user.id, activityCode],
          )
        ).rows[0]
      : undefined;
    return {
      activityCode,
      activityStatus: activityPhase(activity, ctx.now()),
      login: user !== null,
      isNewUser: user ? isNewUser(user, activity.window.start) : false,
      registered: state?.registered ?? false,
      calendarRemind: state?.calendar_remind ? 1 : 0,
    };
  };

  // spec §7: the payload carries device info (NFCQueryInfo, userExtra, ...); we answer the
  // user's standing in the activity, which the pages use to pick a branch.
  defineRoute(app, ctx, {
    call: 'configActivity.bizStatus',
    auth: 'optional',
    handler: async ({ input, userId }) => ok(await status(input.activityCode, userId)),
  });
  defineRoute(app, ctx, {
    call: 'configActivity.bizStatusList',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const codes = [...new Set(input.activityCodes.split(',').map((c) => c.trim()))];
      if (codes.length > 50) throw badRequest('at most 50 activityCodes');
      const list = [];
      for (const c of codes) list.push(await status(c, userId));
      return ok(list);
    },
  });

  defineRoute(app, ctx, {
    call: 'configActivity.setCalendarRemind',
    auth: 'user',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      await ctx.db.query(
        `INSERT INTO user_activity_state (user_id, activity_code, calendar_remind)
         VALUES ($1, $2, $3)
         ON CONFLICT (user_id, activity_code) DO UPDATE SET calendar_remind = EXCLUDED.calendar_remind`,
        [userId, input.activityCode, input.status === 1],
      );
      return ok({ status: input.status });
    },
  });
  defineRoute(app, ctx, {
    call: 'configActivity.getCalendarRemindStatus',
    auth: 'user',
    handler: async ({ input, userId }) =>
      ok({ status: (await status(input.activityCode, userId)).calendarRemind }),
  });

  defineRoute(app, ctx, {
    call: 'configActivity.isNewFundUser',
    auth: 'user',
    handler: async ({ input, userId }) =>
      ok({ isNewUser: (await status(input.activityCode, userId)).isNewUser }),
  });
  defineRoute(app, ctx, {
    call: 'configActivity.register',
    auth: 'user',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      const res = await ctx.db.query(
        `INSERT INTO activity_registrations (user_id, activity_code) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [userId, input.activityCode],
      );
      return ok({ registered: true, firstTime: res.rowCount > 0 });
    },
  });
  defineRoute(app, ctx, {
    call: 'configActivity.getRegisterExists',
    auth: 'user',
    handler: async ({ input, userId }) =>
      ok({ exists: (await status(input.activityCode, userId)).registered }),
  });

  // youpinGoods and memberSpecial: routes/youpin.ts (items seeded into partner_goods).
  defineRoute(app, ctx, {
    call: 'configActivity.bindCardUrl',
    auth: 'user',
    handler: async () => ok({ url: '/mp/activity/bind-card' }),
  });
  // userMarketingAuth/querySwitch: routes/marketing-auth.ts (with the switch's table).
}
