import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import type { ActivityConfig, TaskConfig } from '../config/activity-config';
import { findActivity, requireActivity } from '../domain/activity-guard';
import { clickTask, completeTask, externalTaskViews, taskViews } from '../domain/tasks';
import { findUser, isNewUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { badRequest, ok } from '../http/envelope';

function findTask(activity: ActivityConfig, taskId: string): TaskConfig {
  const task = activity.tasks.find((t) => t.taskId === taskId);
  if (!task) throw badRequest(`unknown taskId: ${taskId}`);
  return task;
}

/** Task calls (spec §7 General activity). Completion rules live in domain/tasks.ts. */
export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'generalActivity.getTaskList',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const list = await taskViews(ctx.db, userId, activity, ctx.now(), (t) =>
        input.groupId === undefined ? true : t.groupId === input.groupId,
      );
      return ok({ list });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getTaskGroup',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const views = await taskViews(ctx.db, userId, activity, ctx.now());
      const ids = new Set([
        ...activity.taskGroups.map((g) => g.groupId),
        ...views.map((v) => v.groupId),
      ]);
      const groups = [...ids].map((groupId) => {
        const group = activity.taskGroups.find((g) => g.groupId === groupId);
        return {
          groupId,
          title: group?.title ?? '',
          desc: group?.desc ?? '',
          tasks: views.filter((v) => v.groupId === groupId),
        };
      });
      return ok({ list: groups });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getExternalTaskList',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const list = await externalTaskViews(ctx.db, userId, activity, ctx.now());
      return ok({ list });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.queryNfcTask',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const list = await taskViews(ctx.db, userId, activity, ctx.now(), (t) => t.kind === 'nfc');
      return ok({ list });
    },
  });

  // clickTask and getTask (receive a task) both record the opening the task may require.
  for (const name of ['clickTask', 'getTask'] as const) {
    defineRoute(app, ctx, {
      call: `generalActivity.${name}`,
      auth: 'user',
      handler: async ({ input, userId }) => {
        const activity = requireActivity(ctx, input.activityCode, 'tasks');
        const task = findTask(activity, input.taskId);
        await clickTask(ctx.db, userId, activity, task, ctx.now());
        const [view] = await taskViews(ctx.db, userId, activity, ctx.now(), (t) => t === task);
        if (!view) throw new Error(`task ${task.taskId} has no view`);
        return ok(view);
      },
    });
  }

  defineRoute(app, ctx, {
    call: 'generalActivity.completeTask',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      const activity = requireActivity(ctx, input.activityCode, 'tasks');
      const task = findTask(activity, input.taskId);
      if (task.kind === 'visit') throw badRequest('visit tasks complete through visitIndex');
      return ok(await completeTask(ctx.db, userId, activity, task, ctx.now()));
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getUserTaskPrizeInfo',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      // Scoped to the caller: another user's log id reads as unknown.
      const res = await ctx.db.query<{
        task_id: string;
        reward_chances: number;
        reward_gold_rice_cents: number;
        completed_at: Date;
      }>(
        `SELECT task_id, reward_chances, reward_gold_rice_cents, completed_at FROM task_completions
         WHERE id = $1 AND user_id = $2 AND activity_code = $3`,
        [input.taskLogId, userId, input.activityCode],
      );
      const row = res.rows[0];
      if (!row) throw badRequest(`unknown taskLogId: ${input.taskLogId}`);
      const task = activity.tasks.find((t) => t.taskId === row.task_id);
      return ok({
        taskLogId: input.taskLogId,
        taskId: row.task_id,
        chances: row.reward_chances,
        goldRice: row.reward_gold_rice_cents,
        label: task?.reward.label ?? '',
        completedAt: new Date(row.completed_at).getTime(),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.queryMyTaskList',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{
        id: number;
        task_id: string;
        period_key: string;
        reward_chances: number;
        reward_gold_rice_cents: number;
        completed_at: Date;
      }>(
        `SELECT id, task_id, period_key, reward_chances, reward_gold_rice_cents, completed_at
         FROM task_completions WHERE user_id = $1 AND activity_code = $2
         ORDER BY id DESC LIMIT $3`,
        [userId, input.activityCode, input.limit],
      );
      const list = res.rows.map((r) => ({
        taskLogId: r.id,
        taskId: r.task_id,
        title: activity.tasks.find((t) => t.taskId === r.task_id)?.title ?? r.task_id,
        period: r.period_key,
        chances: r.reward_chances,
        goldRice: r.reward_gold_rice_cents,
        completedAt: new Date(r.completed_at).getTime(),
      }));
      return ok({ list });
    },
  });

  // New-user welfare (spec §7 newUser/newUserWelfareTask): the new-user tasks and whether the
  // caller qualifies; each is completed with completeTask.
  defineRoute(app, ctx, {
    call: 'generalActivity.newUser/newUserWelfareTask',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const user = await findUser(ctx.db, userId);
      const list = await taskViews(
        ctx.db,
        userId,
        activity,
        ctx.now(),
        (t) => t.kind === 'newUser',
      );
      return ok({ isNewUser: user ? isNewUser(user, activity.window.start) : false, list });
    },
  });
}
