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

export interface MonthCell {
  date: string;
  dayOfMonth: number;
}

/** The days of the month holding `today` ('YYYY-MM-DD'), with the weekday (0 = Sunday) of day 1. */
export function monthOf(
  today: string,
): { year: number; month: number; lead: number; cells: MonthCell[] } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const pad = (n: number) => String(n).padStart(2, '0');
  const cells = Array.from({ length }, (_, index) => ({
    date: `${year}-${pad(month)}-${pad(index + 1)}`,
    dayOfMonth: index + 1,
  }));
  return { year, month, lead, cells };
}

/** Day of year (1 = 1 January) of a 'YYYY-MM-DD' date, as the holiday lists count. */
export function dayOfYear(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const year = y ?? 0;
  return Math.round((Date.UTC(year, (m ?? 1) - 1, d ?? 1) - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
}

export function fillStreak(template: string, count: number): string {
  return template.replace('{n}', String(count));
}
