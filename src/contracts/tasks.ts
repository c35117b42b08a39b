/** Tasks, spec §7 General activity (server/src/routes/tasks.ts, domain/tasks.ts). */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCode, answer, byCode, GA, grantedReward, millis, taskView } from './shared';

const byTask = z.object({ activityCode, taskId: z.string().min(1).max(64) });
const taskList = answer({ list: z.array(taskView) });
/** The caller's status of one task after opening it. */
const opened = { input: byTask, output: taskView };

export const tasksContracts = {
  'generalActivity.getTaskGroup': get(`${GA}getTaskGroup`, {
    input: byCode,
    output: answer({
      list: z.array(
        answer({
          groupId: z.string(),
          title: z.string(),
          desc: z.string(),
          tasks: z.array(taskView),
        }),
      ),
    }),
  }),
  'generalActivity.getExternalTaskList': get(`${GA}getExternalTaskList`, {
    input: byCode,
    output: taskList,
  }),
  'generalActivity.getUserTaskPrizeInfo': get(`${GA}getUserTaskPrizeInfo`, {
    params: ['activityCode', 'taskLogId'],
    input: z.object({ activityCode, taskLogId: z.number().int().min(1) }),
    output: answer({
      taskLogId: z.number().int(),
      taskId: z.string(),
      chances: z.number().int(),
      goldRice: z.number().int(),
      label: z.string(),
      completedAt: millis,
    }),
  }),
  'generalActivity.queryMyTaskList': get(`${GA}queryMyTaskList`, {
    input: z.object({ activityCode, limit: z.number().int().min(1).max(100).default(50) }),
    output: answer({
      list: z.array(
        answer({
          taskLogId: z.number().int(),
          taskId: z.string(),
          title: z.string(),
          period: z.string(),
          chances: z.number().int(),
          goldRice: z.number().int(),
          completedAt: millis,
        }),
      ),
    }),
  }),
  // clickTask and getTask (receive a task) both record the opening the task may require.
  'generalActivity.clickTask': get(`${GA}clickTask`, { mutation: true, ...opened }),
  'generalActivity.completeTask': get(`${GA}completeTask`, {
    mutation: true,
    input: byTask,
    // domain/tasks.ts Completion: firstTime false when the task was done in this period already.
    output: answer({
      taskId: z.string(),
      taskLogId: z.number().int(),
      firstTime: z.boolean(),
      reward: grantedReward,
    }),
  }),
  'generalActivity.getTaskList': post(`${GA}getTaskList`, {
    input: z.object({ activityCode, groupId: z.string().max(64).optional() }),
    output: taskList,
  }),
  'generalActivity.queryNfcTask': post(`${GA}queryNfcTask`, { input: byCode, output: taskList }),
  'generalActivity.getTask': post(`${GA}getTask`, { mutation: true, ...opened }),
  // New-user welfare (spec §7 newUser/newUserWelfareTask): the new-user tasks and whether the
  // caller qualifies; each is completed with completeTask.
  'generalActivity.newUser/newUserWelfareTask': post(`${GA}newUser/newUserWelfareTask`, {
    mutation: true,
    input: byCode,
    output: answer({ isNewUser: z.boolean(), list: z.array(taskView) }),
  }),
} as const;
