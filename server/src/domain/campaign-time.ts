import { CAMPAIGN_TIME_ZONE } from '../../../src/spec/constants';

/**
 * Campaign days are calendar days in Asia/Shanghai (CAMPAIGN_TIME_ZONE): "once a day" means
 * once between two Beijing midnights, whatever the server's own time zone.
 */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CAMPAIGN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The last answer and its minute: a minute never straddles a midnight of a zone whose offset is
 * whole minutes (all of today's), and Intl's format is a measurable part of a draw's CPU.
 */
let lastMinute = Number.NaN;
let lastDay = '';

/** 'YYYY-MM-DD' of `at` in the campaign time zone. */
export function campaignDay(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = dayFormat.format(at);
    lastMinute = minute;
  }
  return lastDay;
}

/** Day arithmetic on 'YYYY-MM-DD' strings (UTC noon avoids any DST edge). */
export function addDays(day: string, delta: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
}

/** ISO week key, e.g. '2025-W24', of a campaign day. */
export function isoWeek(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday = 0
  d.setUTCDate(d.getUTCDate() - weekday + 3); // Thursday decides the week's year
  const year = d.getUTCFullYear();
  // Week 1 is the week holding the year's first Thursday, so that Thursday lies in Jan 1-7.
  const week = 1 + Math.floor((d.getTime() - Date.UTC(year, 0, 1, 12)) / 86_400_000 / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** 1-based day of the year of a 'YYYY-MM-DD' day (spec §3 holiday lists). */
export function dayOfYear(day: string): number {
  const d = Date.parse(`${day}T00:00:00Z`);
  const start = Date.UTC(Number(day.slice(0, 4)), 0, 1);
  return Math.round((d - start) / 86_400_000) + 1;
}

/** Key of the period a task completes in: 'once', the day, or the ISO week. */
export function periodKey(period: 'once' | 'daily' | 'weekly', at: Date): string {
  const day = campaignDay(at);
  if (period === 'daily') return day;
  if (period === 'weekly') return isoWeek(day);
  return 'once';
}
