import type { ActivityConfig, TaskConfig } from '../config/activity-config';
import type { Db, Queryable } from '../db/types';
import { forbidden } from '../http/envelope';
import { periodKey } from './campaign-time';
import { publicTask } from './public-activity';
import { grantReward } from './rewards';
import { findUser, isNewUser } from './users';

/** spec §3-style task status: 0 to do, 1 opened (clicked), 2 done and paid. */
export type TaskStatus = 0 | 1 | 2;

export interface TaskView extends ReturnType<typeof publicTask> {
  status: TaskStatus;
  taskLogId: number | null;
}

/** Each task of the activity with this user's status in the current period. */
export async function taskViews(
  db: Queryable,
  userId: string | null,
  activity: ActivityConfig,
  now: Date,
  filter: (t: TaskConfig) => boolean = () => true,
): Promise<TaskView[]> {
  const tasks = activity.tasks.filter(filter);
  const done = new Map<string, number>();
  const clicked = new Set<string>();
  if (userId !== null && tasks.length > 0) {
    const keys = tasks.map((t) => `${t.taskId}|${periodKey(t.period, now)}`);
    const completions = await db.query<{ task_id: string; period_key: string; id: number }>(
      `SELECT task_id, period_key, id FROM task_completions
       WHERE user_id = $1 AND activity_code = $2 AND task_id || '|' || period_key = ANY($3)`,
      [userId, activity.activityCode, keys],
    );
    for (const r of completions.rows) done.set(r.task_id, r.id);
    const clicks = await db.query<{ task_id: string }>(
      `SELECT task_id FROM task_clicks
       WHERE user_id = $1 AND activity_code = $2 AND task_id || '|' || period_key = ANY($3)`,
      [userId, activity.activityCode, keys],
    );
    for (const r of clicks.rows) clicked.add(r.task_id);
  }
  return tasks.map((t) => {
    const logId = done.get(t.taskId);
    const status: TaskStatus = logId !== undefined ? 2 : clicked.has(t.taskId) ? 1 : 0;
    return { ...publicTask(t), status, taskLogId: logId ?? null };
  });
}

/** The activity's external tasks (spec §3 externalTaskType) with the caller's status. */
export function externalTaskViews(
  db: Queryable,
  userId: string | null,
  activity: ActivityConfig,
  now: Date,
): Promise<TaskView[]> {
  return taskViews(db, userId, activity, now, (t) => t.kind === 'external');
}

/** Records that the user opened a task in this period (idempotent). */
export async function clickTask(
  db: Queryable,
  userId: string,
  activity: ActivityConfig,
  task: TaskConfig,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO task_clicks (user_id, activity_code, task_id, period_key)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [userId, activity.activityCode, task.taskId, periodKey(task.period, now)],
  );
}

export interface Completion {
  taskId: string;
  taskLogId: number;
  /** True for the call that completed the task now; false when it was already done. */
  firstTime: boolean;
  reward: { chances: number; goldRiceCents: number; label: string };
}

/**
 * Completes a task once per period and pays its reward once. The unique key
 * (user, activity, task, period) and INSERT ... ON CONFLICT DO NOTHING RETURNING decide the
 * winner atomically; the reward is paid in the same transaction, keyed by the log id.
 */
export async function completeTask(
  db: Db,
  userId: string,
  activity: ActivityConfig,
  task: TaskConfig,
  now: Date,
): Promise<Completion> {
  return db.transaction(async (tx) => {
    const key = periodKey(task.period, now);
    if (task.kind === 'newUser') {
      const user = await findUser(tx, userId);
      if (!user || !isNewUser(user, activity.window.start)) {
        throw forbidden('this task is for new users only');
      }
    }
    if (task.requiresClick) {
      const click = await tx.query(
        `SELECT 1 FROM task_clicks
         WHERE user_id = $1 AND activity_code = $2 AND task_id = $3 AND period_key = $4`,
        [userId, activity.activityCode, task.taskId, key],
      );
      if (click.rowCount === 0) throw forbidden('open the task before completing it');
    }
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO task_completions
         (user_id, activity_code, task_id, period_key, reward_chances, reward_gold_rice_cents)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        userId,
        activity.activityCode,
        task.taskId,
        key,
        task.reward.chances,
        task.reward.goldRiceCents,
      ],
    );
    const label = task.reward.label;
    const row = inserted.rows[0];
    if (row) {
      const paid = await grantReward(tx, {
        userId,
        activity,
        reward: task.reward,
        reason: 'task',
        ref: String(row.id),
        title: task.title,
      });
      return {
        taskId: task.taskId,
        taskLogId: row.id,
        firstTime: true,
        reward: { ...paid, label },
      };
    }
    const existing = await tx.query<{ id: number }>(
      `SELECT id FROM task_completions
       WHERE user_id = $1 AND activity_code = $2 AND task_id = $3 AND period_key = $4`,
      [userId, activity.activityCode, task.taskId, key],
    );
    return {
      taskId: task.taskId,
      taskLogId: existing.rows[0]?.id ?? 0,
      firstTime: false,
      reward: { chances: 0, goldRiceCents: 0, label },
    };
  });
}
