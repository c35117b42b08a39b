import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { activityPhase, findActivity } from '../domain/activity-guard';
import { campaignDay } from '../domain/campaign-time';
import { chanceBalance, grantDailyFreeChances } from '../domain/rewards';
import { signState } from '../domain/sign-in';
import { completeTask } from '../domain/tasks';
import { findUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { ok, unauthorized } from '../http/envelope';

interface StateRow {
  remind_status: number;
  activity_remind_status: number;
  share_status: number;
}

/** User info, profile and the visit index (spec §3 "User info", "Visit index info"). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const userOrThrow = async (userId: string) => {
    const user = await findUser(ctx.db, userId);
    if (!user) throw unauthorized();
    return user;
  };

  defineRoute(app, ctx, {
    call: 'generalActivity.userInfo',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const user = await userOrThrow(userId);
      const state = await ctx.db.query<StateRow>(
        `SELECT remind_status, activity_remind_status, share_status FROM user_activity_state
         WHERE user_id = $1 AND activity_code = $2`,
        [userId, activity.activityCode],
      );
      const s = state.rows[0];
      const sign = await signState(
        ctx.db,
        userId,
        activity.activityCode,
        'daily',
        campaignDay(ctx.now()),
      );
      // Defaults per spec §3: remindStatus 1, activityRemindStatus 1, signStatus 0, signCount 0.
      return ok({
        shareCode: user.share_code,
        nickName: user.nick_name,
        avatarUrl: user.avatar_url,
        remindStatus: s?.remind_status ?? 1,
        shareStatus: s?.share_status ?? 0,
        activityRemindStatus: s?.activity_remind_status ?? 1,
        signStatus: sign.signedToday ? 1 : 0,
        signCount: sign.signCount,
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.updateUserInfo',
    auth: 'user',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      await ctx.db.transaction(async (tx) => {
        if (input.nickName !== undefined || input.avatarUrl !== undefined) {
          await tx.query(
            `UPDATE users SET nick_name = COALESCE($2, nick_name), avatar_url = COALESCE($3, avatar_url)
             WHERE id = $1`,
            [userId, input.nickName ?? null, input.avatarUrl ?? null],
          );
        }
        await tx.query(
          `INSERT INTO user_activity_state
             (user_id, activity_code, remind_status, activity_remind_status, share_status)
           VALUES ($1, $2, COALESCE($3, 1), COALESCE($4, 1), COALESCE($5, 0))
           ON CONFLICT (user_id, activity_code) DO UPDATE SET
             remind_status = COALESCE($3, user_activity_state.remind_status),
             activity_remind_status = COALESCE($4, user_activity_state.activity_remind_status),
             share_status = COALESCE($5, user_activity_state.share_status)`,
          [
            userId,
            input.activityCode,
            input.remindStatus ?? null,
            input.activityRemindStatus ?? null,
            input.shareStatus ?? null,
          ],
        );
      });
      return ok({ updated: true });
    },
  });

  // spec §3 Visit index info. Records the visit, pays the day's free chances and completes
  // 'visit' tasks (each once per its period, see domain/tasks.ts).
  defineRoute(app, ctx, {
    call: 'generalActivity.visitIndex',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const now = ctx.now();
      const day = campaignDay(now);
      const before = await ctx.db.transaction(async (tx) => {
        const prev = await tx.query<{ first_visit_at: Date | null; last_visit_day: string | null }>(
          `SELECT first_visit_at, last_visit_day::text AS last_visit_day FROM user_activity_state
           WHERE user_id = $1 AND activity_code = $2 FOR UPDATE`,
          [userId, activity.activityCode],
        );
        await tx.query(
          `INSERT INTO user_activity_state (user_id, activity_code, first_visit_at, last_visit_day, visit_count)
           VALUES ($1, $2, $3, $4, 1)
           ON CONFLICT (user_id, activity_code) DO UPDATE SET
             first_visit_at = COALESCE(user_activity_state.first_visit_at, EXCLUDED.first_visit_at),
             last_visit_day = EXCLUDED.last_visit_day,
             visit_count = user_activity_state.visit_count + 1`,
          [userId, activity.activityCode, now, day],
        );
        return prev.rows[0];
      });
      const ongoing = activityPhase(activity, now) === 'ongoing';
      if (ongoing) {
        await ctx.db.transaction((tx) => grantDailyFreeChances(tx, userId, activity, day));
        if (activity.actions.tasks !== false) {
          for (const task of activity.tasks.filter((t) => t.kind === 'visit')) {
            await completeTask(ctx.db, userId, activity, task, now);
          }
        }
      }
      return ok({
        firstInStatus: before?.first_visit_at ? 0 : 1,
        dayFirstInStatus: before?.last_visit_day === day ? 0 : 1,
        remainChance: await chanceBalance(ctx.db, userId, activity.activityCode),
        responseDone: true,
        formatVideoUserTime: '',
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getLoginTime',
    auth: 'user',
    handler: async ({ userId }) => {
      const user = await userOrThrow(userId);
      return ok({
        loginTime: new Date(user.last_login_at).getTime(),
        registerTime: new Date(user.created_at).getTime(),
        serverTime: ctx.now().getTime(),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'passport.getUserProfile',
    auth: 'user',
    handler: async ({ userId }) => {
      const user = await userOrThrow(userId);
      return ok({
        userId: String(user.id),
        nickName: user.nick_name,
        avatarUrl: user.avatar_url,
        // Masked: the page only shows it, and a log line or screenshot must not leak it.
        phone: `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`,
      });
    },
  });
}
