/**
 * Reading the sign-in calls (server/src/routes/sign-in.ts):
 * - querySignIn { activityCode } → { signStatus 0|1, signCount, today 'YYYY-MM-DD',
 *   days: [{ day, date, label, signed }] } (the current reward cycle, today included)
 * - signIn / sign { activityCode } → { awarded, day, signCount, reward: { label }, signStatus }
 * - configActivity.getCalendarRemindStatus → { status 0|1 }; setCalendarRemind { status }
 */
import { isRecord, listOf, num, str } from '../_campaign-kit/api-error';

export interface SignDay {
  day: number;
  date: string;
  label: string;
  signed: boolean;
}

export interface SignState {
  signedToday: boolean;
  signCount: number;
  today: string;
  days: SignDay[];
}

export function parseSignState(payload: unknown): SignState {
  const record = isRecord(payload) ? payload : {};
  return {
    signedToday: num(record.signStatus) === 1,
    signCount: num(record.signCount),
    today: str(record.today),
    days: listOf(record.days, []).flatMap((item, index) =>
      isRecord(item)
        ? [
            {
              day: num(item.day, index + 1),
              date: str(item.date),
              label: str(item.label),
              signed: item.signed === true || item.signed === 1,
            },
          ]
        : [],
    ),
  };
}

export interface SignResult {
  awarded: boolean;
  label: string;
}

export function parseSignResult(payload: unknown): SignResult {
  const record = isRecord(payload) ? payload : {};
  const reward = isRecord(record.reward) ? record.reward : {};
  return { awarded: record.awarded !== false, label: str(reward.label) };
}

export function fillStreak(template: string, count: number): string {
  return template.replace('{n}', String(count));
}
