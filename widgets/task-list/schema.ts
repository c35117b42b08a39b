import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { urlProp } from '../../src/engine/document/prop-types';
import { TASK_SOURCES } from './task-sources';
import { taskListMeta } from './meta';

const override = z.strictObject({
  taskId: z.string().min(1).max(64).describe('The server task id this entry dresses.'),
  title: z.string().min(1).max(40).optional().describe('Replaces the server title.'),
  desc: z.string().max(80).optional().describe('Replaces the server description.'),
  icon: urlProp('image').optional().describe('Task icon (square, shown at 44 × 44 px).'),
  hidden: z.boolean().default(false).describe('Leave this task out of the list.'),
});

export const taskListProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("Activity code sent with every call; defaults to the page's `activity.code`."),
  source: z
    .enum([
      'getTaskList',
      'getTaskGroup',
      'newUser/newUserWelfareTask',
      'queryNfcTask',
      'banker/taskDetail',
    ])
    .default('getTaskList')
    .describe(
      "Call that lists the tasks: generalActivity getTaskList (a flat list, {list}), getTaskGroup (groups, {list: [{groupId, title, tasks}]}), the new-user welfare tasks ({isNewUser, list}), the NFC tasks (queryNfcTask, a flat list), or the bank back end's banker/taskDetail (a flat list).",
    ),
  groupId: z.string().max(64).optional().describe('Only the tasks of this group.'),
  receiveCall: z
    .enum(['clickTask', 'getTask'])
    .default('clickTask')
    .describe('Call that records the opening of a task before the visitor is sent off to do it.'),
  title: z.string().max(20).default('做任务 赢抽奖机会').describe('Heading of the list.'),
  goldRiceUnit: z
    .string()
    .min(1)
    .max(6)
    .default('金米')
    .describe(
      'Unit after gold-rice rewards (e.g. "元" where the balance is cash, /contract/task).',
    ),
  tasks: z
    .array(override)
    .default([])
    .describe('Per-task copy and icons by taskId (the server sends ids, titles and rewards).'),
  progressText: z
    .string()
    .default('已完成{done}/{total}')
    .describe('Progress line; {done} and {total} are replaced. Empty hides it.'),
  goText: z.string().min(1).max(6).default('去完成').describe('Button of a task still to do.'),
  claimText: z.string().min(1).max(6).default('领取').describe('Button of a task ready to claim.'),
  doneText: z.string().min(1).max(6).default('已完成').describe('Label of a finished task.'),
  autoText: z
    .string()
    .min(1)
    .max(8)
    .default('访问即得')
    .describe('Label of a task the server completes by itself (kind "visit").'),
  loginText: z
    .string()
    .min(1)
    .max(6)
    .default('去登录')
    .describe('Button for visitors not logged in.'),
  notStartedText: z.string().min(1).max(6).default('未开始').describe('Buttons before the start.'),
  endedText: z.string().min(1).max(6).default('已结束').describe('Buttons after the end.'),
  rewardToast: z
    .string()
    .min(1)
    .default('领取成功，获得{reward}')
    .describe('Toast after a claim; {reward} becomes e.g. "1次抽奖机会、0.50金米".'),
  alreadyClaimedText: z
    .string()
    .min(1)
    .default('奖励已领取过啦')
    .describe('Toast for a repeat claim.'),
  notReadyText: z
    .string()
    .min(1)
    .default('请先完成任务再领取')
    .describe('Toast when the server says the task is not done yet.'),
  claimErrorText: z
    .string()
    .min(1)
    .default('领取失败，请稍后再试')
    .describe('Toast when a claim fails.'),
  emptyText: z
    .string()
    .min(1)
    .default('暂无任务，敬请期待')
    .describe('Shown when there is no task.'),
  errorText: z
    .string()
    .min(1)
    .default('任务加载失败')
    .describe('Shown when the list fails to load.'),
  refreshCalls: z
    .array(z.string().min(1))
    .default(['generalActivity.getRemainChance', 'generalActivity.queryUserGoldRichSum'])
    .describe('Calls whose cached answers are refreshed after a reward (chances, gold rice).'),
});

export const taskListWidget = defineWidget({
  type: 'task-list',
  description:
    'The activity tasks with go / claim / done states and progress; external tasks deep-link out and are re-checked when the page is visible again; rewards (chances, gold rice) are toasted and the balances refreshed.',
  props: taskListProps,
  meta: taskListMeta,
  apiCalls: (props) => [
    TASK_SOURCES[props.source],
    `generalActivity.${props.receiveCall}`,
    'generalActivity.completeTask',
    'generalActivity.getUserTaskPrizeInfo',
  ],
  events: ['claim'],
});

export type TaskListProps = z.output<typeof taskListProps>;
