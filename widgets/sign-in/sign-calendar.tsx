import type { HolidayYear } from '../../src/services/rules/holidays';
import { dayOfYear, monthOf, type SignState } from './sign-state';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

interface Props {
  mode: 'week' | 'month';
  state: SignState;
  holidays: HolidayYear | undefined;
  accentColor: string | undefined;
}

/** The reward cycle (week) or this month (month); signed days and today are marked. */
export function SignCalendar({ mode, state, holidays, accentColor }: Props) {
  const signedStyle = accentColor
    ? { background: accentColor, borderColor: accentColor }
    : undefined;
  if (mode === 'week') {
    return (
      <ol className="w-sign-in__week" aria-label="签到日历">
        {state.days.map((day) => {
          const isToday = day.date === state.today;
          return (
            <li
              key={day.day}
              className="w-sign-in__day"
              data-signed={day.signed}
              data-today={isToday}
              style={day.signed ? signedStyle : undefined}
              aria-current={isToday ? 'date' : undefined}
            >
              <span className="w-sign-in__day-name">{isToday ? '今天' : `第${day.day}天`}</span>
              <span className="w-sign-in__day-label">{day.label}</span>
              <span className="w-sign-in__day-state">{day.signed ? '已签' : '未签'}</span>
            </li>
          );
        })}
      </ol>
    );
  }
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
