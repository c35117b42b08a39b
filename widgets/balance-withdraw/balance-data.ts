/**
 * Reading the balance calls (server/src/routes/gold-rice.ts, general-info.ts; cents, spec §4):
 * - coinInfo { activityCode } → { balance, withdrawMin, withdrawals: [{ id, kind, amount, status, time }] }
 * - coinWithDraw / redPacketWithDraw { activityCode, amount } → { withdrawId, amount, status, sum }
 * - showTaskListHistory { activityCode } → { list: [{ taskLogId, title, rewardChances, rewardGoldRice, completeTime }] }
 */
import { isRecord, listOf, num, pick, str } from '../_campaign-kit/api-error';

export interface CoinInfo {
  balance: number;
  withdrawMin: number;
  withdrawals: Withdrawal[];
}

export interface Withdrawal {
  id: string;
  amount: number;
  status: string;
  time: number;
}

export interface TaskRecord {
  id: string;
  title: string;
  chances: number;
  goldRice: number;
  time: number;
}

export function parseCoinInfo(payload: unknown): CoinInfo {
  if (!isRecord(payload)) return { balance: num(payload), withdrawMin: 0, withdrawals: [] };
  return {
    balance: num(pick(payload, 'balance', 'sum', 'coin')),
    withdrawMin: num(pick(payload, 'withdrawMin', 'minAmount')),
    withdrawals: listOf(payload, ['withdrawals', 'list']).flatMap((raw) =>
      isRecord(raw)
        ? [
            {
              id: str(pick(raw, 'id', 'withdrawId')),
              amount: num(raw.amount),
              status: str(raw.status),
              time: num(pick(raw, 'time', 'createTime')),
            },
          ]
        : [],
    ),
  };
}

export function parseTaskRecords(payload: unknown): TaskRecord[] {
  return listOf(payload).flatMap((raw) =>
    isRecord(raw)
      ? [
          {
            id: str(pick(raw, 'taskLogId', 'id')),
            title: str(pick(raw, 'title', 'taskId')),
            chances: num(raw.rewardChances),
            goldRice: num(raw.rewardGoldRice),
            time: num(pick(raw, 'completeTime', 'time')),
          },
        ]
      : [],
  );
}

/** yyyy-MM-dd HH:mm in China time (the campaign's zone), whatever the phone's zone. */
export function formatTime(ms: number): string {
  if (!ms) return '';
  const d = new Date(ms + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
