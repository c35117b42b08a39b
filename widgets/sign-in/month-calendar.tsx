/**
 * The monthly calendar (`calendar: 'month'`), a part of the sign-in widget (decision 0036): a
 * chunk of its own, loaded with the widget's on the pages whose nodes show a month. Public
 * holidays and weekend work days are marked (spec §3, §7).
 */
import { useMemo } from 'react';
import { holidayYear, parseHolidays } from '../../src/services/rules/holidays';
import type { ApiEnvelope } from '../../src/services/types';
import type { SignState } from './sign-state';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

interface MonthCell {
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

interface Props {
  state: SignState;
  /** The holiday call's answer (none when the page shows no holidays). */
  holidayAnswer: ApiEnvelope | undefined;
  signedStyle: { background: string; borderColor: string } | undefined;
}

export function MonthCalendar({ state, holidayAnswer, signedStyle }: Props) {
  const year = Number(state.today.slice(0, 4)) || undefined;
  const holidays = useMemo(() => {
    // spec §7: the holiday value is a JSON string; a broken one leaves the calendar unmarked.
    const calendar = parseHolidays(holidayAnswer?.value ?? holidayAnswer?.result);
    return year ? holidayYear(calendar, year) : undefined;
  }, [holidayAnswer, year]);
  const month = monthOf(state.today);
  if (!month) return null;
  const signed = new Set(state.days.filter((day) => day.signed).map((day) => day.date));
  return (
    <div
      className="w-sign-in__month"
      role="table"
      aria-label={`${month.year}年${month.month}月签到日历`}
    >
      <div className="w-sign-in__month-row" role="row">
        {WEEKDAYS.map((name) => (
          <span key={name} className="w-sign-in__weekday" role="columnheader">
            {name}
          </span>
        ))}
      </div>
      <div className="w-sign-in__grid" role="row">
        {Array.from({ length: month.lead }, (_, index) => (
          <span key={`lead-${index}`} aria-hidden="true" />
        ))}
        {month.cells.map((cell) => {
          const n = dayOfYear(cell.date);
          const mark = holidays?.freeday.has(n) ? '休' : holidays?.workday.has(n) ? '班' : '';
          const isSigned = signed.has(cell.date);
          const isToday = cell.date === state.today;
          return (
            <span
              key={cell.date}
              role="cell"
              className="w-sign-in__cell"
              data-signed={isSigned}
              data-today={isToday}
              aria-current={isToday ? 'date' : undefined}
              aria-label={`${cell.dayOfMonth}日${isSigned ? '，已签到' : ''}${mark ? `，${mark === '休' ? '休息日' : '调休上班'}` : ''}`}
              style={isSigned ? signedStyle : undefined}
            >
              {cell.dayOfMonth}
              {mark ? <small className="w-sign-in__mark">{mark}</small> : null}
            </span>
          );
        })}
      </div>
    </div>
  );
}
