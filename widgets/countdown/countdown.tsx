import { useEffect, useMemo, useRef, useState } from 'react';
import { accentText } from '../../src/ui/accent-text';
import { useApi } from '../../src/engine/data/use-api';
import { activityOf } from '../_campaign-kit/loose/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState } from '../_campaign-kit/states';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import type { CountdownProps } from './schema';
import { phaseAt, remainingParts, type Phase } from './time';
import { useServerOffset } from './use-server-offset';
import './countdown.css';

/** The page's own activity call: same name and params, so SWR shares one request. */
const ACTIVITY_CALL = 'configActivity.getSingleConfigActivity4c';
const TICK_MS = 1_000;

const time = (value: unknown) => {
  const n = Number(value);
  return value !== null && value !== '' && Number.isFinite(n) && n > 0 ? n : null;
};
const pad = (n: number) => String(n).padStart(2, '0');

export default function Countdown({ props, emit }: WidgetComponentProps<CountdownProps>) {
  const services = useServices();
  const page = usePage();
  const code = props.activityCode ?? page.document.activity?.code ?? '';
  const query = useApi(code ? ACTIVITY_CALL : null, { activityCode: code });
  const activity = useMemo(() => activityOf(query.data), [query.data]);
  const timeCall =
    props.serverTimeCall && (!props.serverTimeNeedsLogin || services.auth.isLoggedIn())
      ? props.serverTimeCall
      : null;
  const offset = useServerOffset(activity, timeCall, code);
  const [phoneNow, setPhoneNow] = useState(() => services.clock.now());
  const now = phoneNow + offset;
  // Dates of the page replace the activity's; the activity still sets the clock and can pause
  // or end the countdown, but its own not-started status says nothing about the page's dates.
  const pageDates = props.from !== undefined || props.until !== undefined;
  const start = pageDates ? time(props.from && Date.parse(props.from)) : time(activity?.startTime);
  const end = pageDates ? time(props.until && Date.parse(props.until)) : time(activity?.endTime);
  const status = typeof activity?.status === 'string' ? activity.status : null;
  const phase: Phase = phaseAt(
    now,
    start,
    end,
    pageDates && status === 'notStarted' ? null : status,
  );
  // Without an activity, page dates count on the phone clock at once.
  const ready = activity !== null || (pageDates && !code);
  const counting = ready && (phase === 'notStarted' || phase === 'live');

  useEffect(() => {
    if (!counting) return;
    return services.clock.setInterval(() => setPhoneNow(services.clock.now()), TICK_MS);
  }, [counting, services.clock]);

  // Crossing the start or the end: tell the document and ask the server for the new status.
  const previous = useRef<Phase | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = ready ? phase : null;
    if (!before || before === phase) return;
    if (phase === 'live') void emit('start');
    if (phase === 'ended') void emit('end');
    void query.mutate();
  }, [ready, phase, emit, query]);

  // The start has come by our clock but the server still said notStarted: ask it again.
  const startDue = phase === 'notStarted' && start !== null && now >= start;
  useEffect(() => {
    if (startDue) void query.mutate();
  }, [startDue, query]);

  // The document's colour for the text (the light theme's: src/ui/accent-text.ts).
  const style = accentText(props.color);
  if (!code && !pageDates) return null;
  if (code && !query.data && query.error) {
    return (
      <ErrorState
        compact
        text={errorText(query.error, props.errorText)}
        onRetry={() => void query.mutate()}
      />
    );
  }
  if (!ready) return <div className="w-countdown w-countdown--skeleton" aria-busy="true" />;
  if (phase === 'ended' || phase === 'closed') {
    return (
      <div className="w-countdown" style={style} data-phase={phase}>
        <span className="w-countdown__label">
          {phase === 'ended' ? props.endedText : props.closedText}
        </span>
      </div>
    );
  }
  const towards = phase === 'notStarted' ? start : end;
  const showing =
    props.target === 'auto' ||
    (props.target === 'start' && phase === 'notStarted') ||
    (props.target === 'end' && phase === 'live');
  if (towards === null || !showing) return null;
  const parts = remainingParts(towards - now);
  const label = phase === 'notStarted' ? props.notStartedLabel : props.liveLabel;
  const digits = [
    ...(parts.days > 0 ? [[String(parts.days), '天'] as const] : []),
    [pad(parts.hours), '时'] as const,
    [pad(parts.minutes), '分'] as const,
    [pad(parts.seconds), '秒'] as const,
  ];
  const spoken = `${label}${parts.days > 0 ? `${parts.days}天` : ''}${parts.hours}小时${parts.minutes}分钟`;
  return (
    <div className="w-countdown" style={style} data-phase={phase} role="timer" aria-label={spoken}>
      <span className="w-countdown__label" aria-hidden="true">
        {label}
      </span>
      {/* One unit that never breaks inside: on a narrow line the label goes above the clock
          instead of 秒 going alone below it. */}
      <span className="w-countdown__clock" aria-hidden="true">
        {digits.map(([value, unit]) => (
          <span key={unit} className="w-countdown__part">
            <span
              className="w-countdown__digits"
              style={{ color: props.digitColor, background: props.digitBackground }}
            >
              {value}
            </span>
            {unit}
          </span>
        ))}
      </span>
    </div>
  );
}
