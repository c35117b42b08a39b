/**
 * The server's task views (server/src/domain/tasks.ts TaskView) read defensively: status 0 to do,
 * 1 opened, 2 done and paid. Server data is untrusted: unsafe icons and links are dropped.
 */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { payloadOf } from '../../src/services/api/special-cases';
import { formatGoldRice } from '../../src/services/rules/gold-rice';
import type { ApiEnvelope } from '../../src/services/types';
import { isRecord, str as text } from '../_campaign-kit/api-error';

export interface Task {
  taskId: string;
  title: string;
  desc: string;
  icon: string | null;
  kind: string;
  status: 0 | 1 | 2;
  jumpUrl: string | null;
  external: boolean;
  rewardChances: number;
  rewardGoldRice: number;
  rewardLabel: string;
  /** Optional progress counts, when the server sends them. */
  progress: { done: number; target: number } | null;
}

const count = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

function toTask(item: unknown): Task | null {
  if (!isRecord(item)) return null;
  const taskId = text(item.taskId);
  if (!taskId) return null;
  const status = Number(item.status);
  const jump = text(item.jumpUrl);
  const done = Number(item.progress);
  const target = Number(item.target);
  return {
    taskId,
    title: text(item.title) || taskId,
    desc: text(item.desc),
    icon: isSafeUrl(item.icon) ? item.icon : null,
    kind: text(item.kind),
    status: status === 2 ? 2 : status === 1 ? 1 : 0,
    jumpUrl: jump && !/^\s*(javascript|data|vbscript|file|blob):/i.test(jump) ? jump : null,
    external: text(item.kind) === 'external' || item.externalTaskType != null,
    rewardChances: count(item.rewardChances),
    rewardGoldRice: count(item.rewardGoldRice),
    rewardLabel: text(item.rewardLabel),
    progress:
      Number.isFinite(done) && Number.isFinite(target) && target > 0 ? { done, target } : null,
  };
}

/** Tasks of getTaskList ({list}) or getTaskGroup ({list: [{groupId, tasks}]}). */
export function parseTasks(envelope: ApiEnvelope | undefined, groupId?: string): Task[] {
  const data = envelope ? payloadOf(envelope) : null;
  const list: unknown[] = isRecord(data) && Array.isArray(data.list) ? data.list : [];
  const flat = list.flatMap((entry) => {
    if (isRecord(entry) && Array.isArray(entry.tasks)) {
      if (groupId !== undefined && entry.groupId !== groupId) return [];
      return entry.tasks as unknown[];
    }
    if (groupId !== undefined && isRecord(entry) && entry.groupId !== groupId) return [];
    return [entry];
  });
  return flat.map(toTask).filter((t): t is Task => t !== null);
}

/** "1次抽奖机会、0.50金米粒" (spec §4: gold rice arrives in hundredths). */
export function rewardText(
  chances: number,
  goldRiceCents: number,
  fallback = '',
  unit = '金米粒',
): string {
  const parts = [
    chances > 0 ? `${chances}次抽奖机会` : '',
    goldRiceCents > 0 ? `${formatGoldRice(goldRiceCents)}${unit}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('、') : fallback;
}
