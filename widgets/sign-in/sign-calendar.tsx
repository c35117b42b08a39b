import { use } from 'react';
import { partLoader } from '../../src/engine/chunks/tracked-promise';
import type { ApiEnvelope } from '../../src/services/types';
import type { SignState } from './sign-state';

// The monthly calendar is a part of its own (decision 0036), loaded with the widget's chunk by
// the pages whose nodes show a month: no page pays for it otherwise.
export const loadMonthCalendar = partLoader(() => import('./month-calendar'));

interface Props {
  mode: 'week' | 'month';
  state: SignState;
  /** The holiday call's answer, for the month. */
  holidayAnswer: ApiEnvelope | undefined;
  accentColor: string | undefined;
}

/** The reward cycle (week) or this month (month); signed days and today are marked. */
export function SignCalendar({ mode, state, holidayAnswer, accentColor }: Props) {
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
  const { MonthCalendar } = use(loadMonthCalendar());
  return <MonthCalendar state={state} holidayAnswer={holidayAnswer} signedStyle={signedStyle} />;
}
