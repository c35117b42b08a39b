/**
 * A task's tap, after the login check (decision 0035: its chunk loads at the visitor's first
 * intent): claim the reward of an opened task, or open a task to do (receive, then jump).
 */
import type { ScopedMutator } from 'swr';
import type { Action } from '../../src/engine/actions/action-schema';
import type { PageContextValue } from '../../src/engine/render/page-context';
import type { ApiOutput } from '../../src/contracts';
import type { Services } from '../../src/services/types';
import { BASE_PATH } from '../../src/spec/constants';
import type { TaskListProps } from './schema';
import type { rewardText, Task } from './task-data';

// This chunk imports nothing from the widget's own modules, so the widget's chunk keeps a single
// export (decision 0035).

export interface TaskContext {
  services: Services;
  page: PageContextValue;
  props: TaskListProps;
  code: string;
  mutate: ScopedMutator;
  emit: (event: string, payload?: Record<string, unknown>) => Promise<void>;
  /** Toast and announce. */
  say: (text: string) => void;
  /** The widget's own (./task-data.ts), handed over for the same reason as the readers above. */
  rewardText: typeof rewardText;
}

/** The reward of a completeTask answer; firstTime false: done in this period already. */
export function completionOf(answer: ApiOutput<'generalActivity.completeTask'> | undefined) {
  return {
    firstTime: answer?.firstTime !== false,
    taskLogId: answer?.taskLogId ?? 0,
    chances: answer?.reward.chances ?? 0,
    goldRiceCents: answer?.reward.goldRiceCents ?? 0,
    label: answer?.reward.label ?? '',
  };
}

/**
 * Where a task sends the visitor: our own pages (a path, with or without the base path) through
 * the router; anything else (app schemes, https) through the open-app flow of spec §4.
 */
export function jumpAction(jumpUrl: string): Action {
  if (jumpUrl.startsWith('/') && !jumpUrl.startsWith('//')) {
    const route = jumpUrl.startsWith(BASE_PATH) ? `/${jumpUrl.slice(BASE_PATH.length)}` : jumpUrl;
    return { type: 'navigate', to: route };
  }
  return { type: 'openApp', target: jumpUrl };
}

async function claim(ctx: TaskContext, task: Task) {
  const { services, props, code } = ctx;
  const completed = await services.api.call('generalActivity.completeTask', {
    activityCode: code,
    taskId: task.taskId,
  });
  const done = completionOf(completed.result);
  if (!done.firstTime) {
    ctx.say(props.alreadyClaimedText);
    return;
  }
  let { chances, goldRiceCents } = done;
  if (chances + goldRiceCents === 0 && done.taskLogId > 0) {
    // The answer did not say what was paid: ask the task log (getUserTaskPrizeInfo).
    const info = await services.api.call('generalActivity.getUserTaskPrizeInfo', {
      activityCode: code,
      taskLogId: done.taskLogId,
    });
    chances = info.result?.chances ?? 0;
    goldRiceCents = info.result?.goldRice ?? 0;
  }
  const reward = ctx.rewardText(
    chances,
    goldRiceCents,
    done.label || task.rewardLabel,
    props.goldRiceUnit,
  );
  ctx.say(props.rewardToast.replace('{reward}', reward));
  const refresh = new Set(props.refreshCalls);
  void ctx.mutate((key) => Array.isArray(key) && key[0] === 'api' && refresh.has(String(key[1])));
  void ctx.emit('claim', { taskId: task.taskId, chances, goldRiceCents });
}

async function go(ctx: TaskContext, task: Task) {
  await ctx.services.api.call(`generalActivity.${ctx.props.receiveCall}`, {
    activityCode: ctx.code,
    taskId: task.taskId,
  });
  if (task.jumpUrl) await ctx.page.run([jumpAction(task.jumpUrl)]);
}

/** Does or claims `task`; a failure is said (a 403: not done yet) and, unless a 403, reported. */
export async function runTask(ctx: TaskContext, task: Task): Promise<void> {
  try {
    if (task.status === 0 && task.jumpUrl) await go(ctx, task);
    else await claim(ctx, task);
  } catch (error) {
    const status = (error as { code?: unknown } | null)?.code;
    ctx.say(status === 403 ? ctx.props.notReadyText : ctx.props.claimErrorText);
    if (status !== 403)
      ctx.services.logger.report(error, { widget: 'task-list', taskId: task.taskId });
  }
}
