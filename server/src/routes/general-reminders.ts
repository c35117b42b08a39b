import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import type { Db } from '../db/types';
import { activityPhase, findActivity } from '../domain/activity-guard';
import { requireOngoing } from '../domain/benefit-guard';
import { campaignDay } from '../domain/campaign-time';
import { grantReward } from '../domain/rewards';
import { findUser, isNewUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { ok, unauthorized } from '../http/envelope';

type ReminderKind = 'push' | 'video';

async function setReminder(
  db: Db,
  userId: string,
  code: string,
  kind: ReminderKind,
  status: number,
) {
  await db.query(
    `INSERT INTO user_reminders (user_id, activity_code, kind, status) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, activity_code, kind)
     DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
    [userId, code, kind, status],
  );
}

/**
 * Reminder switches and the user-state summary (spec §7 generalActivity setPush,
 * updateCalendarRemind, completeCalendarRemind, setVideoReminderStatus, videoRemind,
 * queryUserState). Setting a switch is an upsert, so a repeated call changes nothing.
 */
export function registerGeneralReminderRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'generalActivity.setPush',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      await setReminder(ctx.db, userId, activity.activityCode, 'push', input.status);
      return ok({ pushStatus: input.status });
    },
  });
  defineRoute(app, ctx, {
    call: 'generalActivity.setVideoReminderStatus',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      await setReminder(ctx.db, userId, activity.activityCode, 'video', input.status);
      return ok({ videoReminderStatus: input.status });
    },
  });

  // Subscribes to the video reminder (the page's "remind me" button): always switches it on.
  defineRoute(app, ctx, {
    call: 'generalActivity.videoRemind',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      await setReminder(ctx.db, userId, activity.activityCode, 'video', 1);
      return ok({ videoReminderStatus: 1 });
    },
  });

  // The same switch as configActivity/setCalendarRemind (user_activity_state.calendar_remind).
  defineRoute(app, ctx, {
    call: 'generalActivity.updateCalendarRemind',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      await ctx.db.query(
        `INSERT INTO user_activity_state (user_id, activity_code, calendar_remind) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, activity_code) DO UPDATE SET calendar_remind = EXCLUDED.calendar_remind`,
        [userId, activity.activityCode, input.status === 1],
      );
      return ok({ calendarRemindStatus: input.status });
    },
  });

  // The user came back through the calendar reminder: recorded (and rewarded) once a day.
  defineRoute(app, ctx, {
    call: 'generalActivity.completeCalendarRemind',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const day = campaignDay(ctx.now());
      const result = await ctx.db.transaction(async (tx) => {
        const won = await tx.query(
          `INSERT INTO calendar_remind_returns (user_id, activity_code, return_day)
           VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING return_day`,
          [userId, activity.activityCode, day],
        );
        const reward = activity.benefits.calendarRemindReward;
        const paid =
          won.rowCount > 0
            ? await grantReward(tx, {
                userId,
                activity,
                reward,
                reason: 'calendarRemind',
                ref: day,
              })
            : { chances: 0, goldRiceCents: 0 };
        return { firstToday: won.rowCount > 0, reward: { ...paid, label: reward.label } };
      });
      return ok({ completed: true, ...result });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.queryUserState',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const user = await findUser(ctx.db, userId);
      if (!user) throw unauthorized();
      const res = await ctx.db.query<{
        push: number | null;
        video: number | null;
        calendar: boolean | null;
        visited: boolean;
        registered: boolean;
      }>(
        `SELECT
           (SELECT status FROM user_reminders
             WHERE user_id = $1 AND activity_code = $2 AND kind = 'push') AS push,
           (SELECT status FROM user_reminders
             WHERE user_id = $1 AND activity_code = $2 AND kind = 'video') AS video,
           (SELECT calendar_remind FROM user_activity_state
             WHERE user_id = $1 AND activity_code = $2) AS calendar,
           EXISTS (SELECT 1 FROM user_activity_state WHERE user_id = $1 AND activity_code = $2
                   AND first_visit_at IS NOT NULL) AS visited,
           EXISTS (SELECT 1 FROM activity_registrations
                   WHERE user_id = $1 AND activity_code = $2) AS registered`,
        [userId, activity.activityCode],
      );
      const s = res.rows[0];
      return ok({
        activityStatus: activityPhase(activity, ctx.now()),
        isNewUser: isNewUser(user, activity.window.start),
        visited: s?.visited ?? false,
        registered: s?.registered ?? false,
        // Push and video reminders are off until the user asks for them.
        pushStatus: s?.push ?? 0,
        videoReminderStatus: s?.video ?? 0,
        calendarRemindStatus: s?.calendar ? 1 : 0,
      });
    },
  });
}
