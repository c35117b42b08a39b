import { useMemo, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, activityPhase } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { dataStates, LiveRegion, LoginPrompt, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { useRevalidate } from '../_campaign-kit/use-revalidate';
import { loadMonthCalendar, SignCalendar } from './sign-calendar';
import { fillStreak, signStateOf } from './sign-state';
import type { SignInProps } from './schema';
import './sign-in.css';

const HEIGHT = { week: 196, month: 380 } as const;

/** The widget's parts (decision 0036): the monthly calendar. */
export const parts = { 'sign-in/month-calendar': loadMonthCalendar };
const REWARD_CALLS = [
  'generalActivity.queryUserGoldRichSum',
  'generalActivity.getRemainChance',
  'generalActivity.userInfo',
];

export default function SignIn({ props, emit }: WidgetComponentProps<SignInProps>) {
  const page = usePage();
  const { api, auth, clock, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const params = { activityCode };
  const query = useApi(loggedIn ? 'generalActivity.querySignIn' : null, params);
  const remind = useApi(
    loggedIn && props.reminder ? 'configActivity.getCalendarRemindStatus' : null,
    params,
  );
  const state = useMemo(() => signStateOf(query.data?.result), [query.data]);
  const year = Number(state.today.slice(0, 4)) || undefined;
  const holidays = useApi(
    props.calendar === 'month' && props.showHolidays && year ? 'holiday.getHolidays' : null,
    year ? { year } : undefined,
  );
  const { lock, busyKey } = useLock();
  const revalidate = useRevalidate();
  const [announcement, setAnnouncement] = useState('');
  const phase = activityPhase(page, activityCode, clock.now());
  const height = HEIGHT[props.calendar];
  const remindOn = remind.data?.result?.status === 1;

  const sign = () =>
    lock('sign', async () => {
      try {
        const envelope = await api.call(`generalActivity.${props.signCall}` as const, params);
        const result = {
          awarded: envelope.result?.awarded !== false,
          label: envelope.result?.reward.label ?? '',
        };
        const text = result.awarded
          ? [props.signedToast, result.label].filter(Boolean).join('，')
          : props.alreadySignedToast;
        setAnnouncement(text);
        ui.toast({ text, variant: 'short' });
        if (result.awarded) {
          void emit('signed', { label: result.label });
          // The reward lands in balances other widgets of the page show.
          void revalidate(REWARD_CALLS);
        }
      } catch (error) {
        const text = errorText(error, '签到失败，请稍后再试');
        setAnnouncement(text);
        ui.toast({ text });
      }
      await query.mutate();
    });

  const toggleRemind = () =>
    lock('remind', async () => {
      const status = remindOn ? 0 : 1;
      try {
        await api.call('configActivity.setCalendarRemind', { activityCode, status });
        setAnnouncement(status ? '已开启签到提醒' : '已关闭签到提醒');
      } catch (error) {
        ui.toast({ text: errorText(error, '设置失败，请稍后再试') });
      }
      await remind.mutate();
    });

  const title = props.title ? <h2 className="w-sign-in__title">{props.title}</h2> : null;
  const loadState = dataStates({
    loggedOut: loggedIn ? undefined : (
      <LoginPrompt
        text={props.loginText}
        buttonText={props.loginButton ? props.loginButtonText : null}
        minHeight={height}
      />
    ),
    call: query,
    errorText: props.errorText,
    errorMinHeight: height,
    loading: <Skeleton height={height} />,
    frame: (inner) => (
      <div className="w-sign-in">
        {title}
        {inner}
      </div>
    ),
  });
  if (loadState !== null) return loadState;

  const label =
    phase === 'notStarted'
      ? props.notStartedText
      : phase === 'ended'
        ? props.endedText
        : state.signedToday
          ? props.signedText
          : props.signText;
  const todayReward = state.days.find((day) => day.date === state.today)?.label;
  return (
    <div className="w-sign-in">
      {title}
      <p className="w-sign-in__streak">
        {fillStreak(props.streakTemplate, state.signCount, props.streakStartText)}
      </p>
      <SignCalendar
        mode={props.calendar}
        state={state}
        holidayAnswer={holidays.data}
        accentColor={props.accentColor}
      />
      {todayReward ? <p className="w-sign-in__reward">今日奖励：{todayReward}</p> : null}
      <button
        type="button"
        className="w-sign-in__button"
        disabled={phase !== 'live' || state.signedToday || busyKey !== null}
        aria-busy={busyKey === 'sign'}
        onClick={() => void sign()}
        style={props.accentColor ? { background: props.accentColor } : undefined}
      >
        {label}
      </button>
      {props.reminder ? (
        <label className="w-sign-in__remind">
          <span>{props.reminderText}</span>
          <button
            type="button"
            role="switch"
            className="w-sign-in__switch"
            aria-checked={remindOn}
            aria-label={props.reminderText}
            disabled={!remind.data || busyKey !== null}
            onClick={() => void toggleRemind()}
          />
        </label>
      ) : null}
      <LiveRegion message={announcement} />
    </div>
  );
}
