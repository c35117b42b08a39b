/**
 * The balance calls' answers (cents, spec §4), typed by their contracts (src/contracts/gold-rice.ts,
 * general-info.ts), with the defaults of a visitor whose answer has not arrived yet.
 */
import type { ApiOutput } from '../../src/contracts';

export type CoinInfo = ApiOutput<'generalActivity.coinInfo'>;

export interface TaskRecord {
  id: number;
  title: string;
  chances: number;
  goldRice: number;
  time: number;
}

export function coinInfoOf(answer: CoinInfo | undefined): CoinInfo {
  return answer ?? { balance: 0, withdrawMin: 0, withdrawals: [] };
}

/** A task without a title shows its id. */
export function taskRecordsOf(
  answer: ApiOutput<'generalActivity.showTaskListHistory'> | undefined,
): TaskRecord[] {
  return (answer?.list ?? []).map((r) => ({
    id: r.taskLogId,
    title: r.title || r.taskId,
    chances: r.rewardChances,
    goldRice: r.rewardGoldRice,
    time: r.completeTime,
  }));
}

/** yyyy-MM-dd HH:mm in China time (the campaign's zone), whatever the phone's zone. */
export function formatTime(ms: number): string {
  if (!ms) return '';
  const d = new Date(ms + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
