/**
 * The task-list calls' answers, typed by their contracts (src/contracts/tasks.ts): status 0 to
 * do, 1 opened, 2 done and paid. Icons and links are still checked: they are the operator's
 * data, and an unsafe one is dropped.
 */
import type { ApiOutput } from '../../src/contracts';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { formatGoldRice } from '../../src/services/rules/gold-rice';

type TaskView = ApiOutput<'generalActivity.getTaskList'>['list'][number];
type TaskGroup = ApiOutput<'generalActivity.getTaskGroup'>['list'][number];
/** A flat list (getTaskList, queryNfcTask, newUserWelfareTask) or groups (getTaskGroup). */
export interface TaskListAnswer {
  list: readonly (TaskView | TaskGroup)[];
}

export interface Task {
  taskId: string;
  title: string;
  desc: string;
  icon: string | null;
  kind: TaskView['kind'];
  status: TaskView['status'];
  jumpUrl: string | null;
  external: boolean;
  rewardChances: number;
  rewardGoldRice: number;
  rewardLabel: string;
}

function toTask(view: TaskView): Task {
  const jump = view.jumpUrl;
  return {
    taskId: view.taskId,
    title: view.title || view.taskId,
    desc: view.desc,
    icon: isSafeUrl(view.icon) ? view.icon : null,
    kind: view.kind,
    status: view.status,
    jumpUrl: jump && !/^\s*(javascript|data|vbscript|file|blob):/i.test(jump) ? jump : null,
    external: view.kind === 'external' || view.externalTaskType != null,
    rewardChances: view.rewardChances,
    rewardGoldRice: view.rewardGoldRice,
    rewardLabel: view.rewardLabel,
  };
}

/** The tasks of a list answer, only those of `groupId` when given. */
export function tasksOf(answer: TaskListAnswer | undefined, groupId?: string): Task[] {
  const views = (answer?.list ?? []).flatMap((entry): readonly TaskView[] => {
    if (groupId !== undefined && entry.groupId !== groupId) return [];
    return 'tasks' in entry ? entry.tasks : [entry];
  });
  return views.map(toTask);
}

/** "1次抽奖机会、0.50金米" (spec §4: gold rice arrives in hundredths). */
export function rewardText(
  chances: number,
  goldRiceCents: number,
  fallback = '',
  unit = '金米',
): string {
  const parts = [
    chances > 0 ? `${chances}次抽奖机会` : '',
    goldRiceCents > 0 ? `${formatGoldRice(goldRiceCents)}${unit}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('、') : fallback;
}
