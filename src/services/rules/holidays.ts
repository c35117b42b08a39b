/**
 * Holiday data (spec §3, §7): the response's value is a JSON string holding a list of years,
 * each with 'workday' and 'freeday' lists of day-of-year numbers (1 = 1 January). Our reading:
 * freeday lists the public holidays, workday the weekend days worked in exchange; any other day
 * follows the week (Monday-Friday work). Days are counted in the campaign time zone.
 */
import { CAMPAIGN_TIME_ZONE, DEFAULT_HOLIDAY_YEAR } from '../../spec/constants';

// Parsed by hand, not with zod: this runs on the phone, which must not pay for a validator.
function dayList(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (day): day is number =>
      typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 366,
  );
}

function parseYear(entry: unknown): { year: number; workday: number[]; freeday: number[] } | null {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return null;
  const record = entry as Record<string, unknown>;
  const year = Number(record.year);
  return {
    year:
      Number.isInteger(year) && record.year !== null && record.year !== ''
        ? year
        : DEFAULT_HOLIDAY_YEAR,
    workday: dayList(record.workday),
    freeday: dayList(record.freeday),
  };
}

export interface HolidayYear {
  workday: ReadonlySet<number>;
  freeday: ReadonlySet<number>;
}

export type HolidayCalendar = ReadonlyMap<number, HolidayYear>;

/** Parses the response value; a broken value gives an empty calendar (weekday rule only). */
export function parseHolidays(value: unknown): HolidayCalendar {
  const calendar = new Map<number, HolidayYear>();
  let raw: unknown;
  try {
    raw = typeof value === 'string' ? JSON.parse(value) : value;
  } catch {
    return calendar;
  }
  if (!Array.isArray(raw)) return calendar;
  for (const entry of raw) {
    const parsed = parseYear(entry);
    if (!parsed) continue;
    // Two entries for one year (e.g. one without a year, counted as the default) are merged.
    const before = calendar.get(parsed.year);
    calendar.set(parsed.year, {
      workday: new Set([...(before?.workday ?? []), ...parsed.workday]),
      freeday: new Set([...(before?.freeday ?? []), ...parsed.freeday]),
    });
  }
  return calendar;
}

/** The year's entry; the spec's default year when none is given. */
export function holidayYear(
  calendar: HolidayCalendar,
  year: number = DEFAULT_HOLIDAY_YEAR,
): HolidayYear | undefined {
  return calendar.get(year);
}

const DAY_MS = 86_400_000;
const SATURDAY = 6;
const SUNDAY = 0;

const dateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: CAMPAIGN_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** Year, day of year (1-based) and weekday (0 = Sunday) of `date` in the campaign time zone. */
export function campaignDay(date: Date): { year: number; dayOfYear: number; weekday: number } {
  const parts = dateParts.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const year = get('year');
  const utc = Date.UTC(year, get('month') - 1, get('day'));
  return {
    year,
    dayOfYear: Math.round((utc - Date.UTC(year, 0, 1)) / DAY_MS) + 1,
    weekday: new Date(utc).getUTCDay(),
  };
}

export function isWorkday(calendar: HolidayCalendar, date: Date): boolean {
  const { year, dayOfYear, weekday } = campaignDay(date);
  const entry = calendar.get(year);
  if (entry?.freeday.has(dayOfYear)) return false;
  if (entry?.workday.has(dayOfYear)) return true;
  return weekday !== SATURDAY && weekday !== SUNDAY;
}

export function isFreeday(calendar: HolidayCalendar, date: Date): boolean {
  return !isWorkday(calendar, date);
}
