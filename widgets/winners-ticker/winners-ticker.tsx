import { useEffect, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState } from '../_campaign-kit/states';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import type { WinnersTickerProps } from './schema';
import { useReducedMotion } from '../../src/ui/use-reduced-motion';
import { winnersOf } from './winners';
import './winners-ticker.css';

/** Row height (px) and scroll time of one step; the CSS uses the same row height. */
const ROW_PX = 40;
const STEP_MS = 400;

export default function WinnersTicker({ props }: WidgetComponentProps<WinnersTickerProps>) {
  const { clock } = useServices();
  const page = usePage();
  const code = props.activityCode ?? page.document.activity?.code ?? '';
  const query = useApi(code ? (`generalActivity.${props.call}` as const) : null, {
    activityCode: code,
    limit: props.limit,
  });
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [step, setStep] = useState({ index: 0, animate: true });
  const lines = winnersOf(query.data?.result).map((w) =>
    props.template
      .replace('{name}', w.name)
      .replace('{prize}', props.prizeNames[w.prize] ?? w.prize),
  );
  const count = lines.length;
  const moving = !reduced && !paused && count > 1;

  useEffect(() => {
    if (!moving) return;
    return clock.setInterval(
      () => setStep((s) => ({ index: s.index + 1, animate: true })),
      props.intervalMs,
    );
  }, [clock, moving, props.intervalMs]);

  // After scrolling onto the copy of the first line, jump back to the real one unseen.
  useEffect(() => {
    if (count === 0 || step.index < count) return;
    return clock.setTimeout(() => setStep({ index: 0, animate: false }), STEP_MS);
  }, [clock, count, step.index]);

  const style = {
    ...(props.color ? { color: props.color } : {}),
    ...(props.background ? { background: props.background } : {}),
  };
  const head = (
    <>
      {props.icon ? (
        <img
          className="w-winners-ticker__icon"
          src={props.icon.src}
          alt={props.icon.alt}
          width={props.icon.width}
          height={props.icon.height}
        />
      ) : null}
      {props.title ? <span className="w-winners-ticker__title">{props.title}</span> : null}
    </>
  );

  if (!code) return null;
  if (!query.data && query.error) {
    return (
      <ErrorState
        compact
        text={errorText(query.error, props.errorText)}
        onRetry={() => void query.mutate()}
      />
    );
  }
  if (!query.data)
    return <div className="w-winners-ticker w-winners-ticker--skeleton" aria-busy="true" />;
  if (count === 0) {
    return (
      <div className="w-winners-ticker" style={style}>
        {head}
        <span className="w-winners-ticker__text">{props.emptyText}</span>
      </div>
    );
  }
  if (reduced) {
    return (
      <div className="w-winners-ticker w-winners-ticker--static" style={style}>
        {head}
        <ul className="w-winners-ticker__static" aria-label={props.title || '中奖播报'}>
          {lines.slice(0, props.staticRows).map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </div>
    );
  }
  const rows = count > 1 ? [...lines, lines[0]] : lines;
  return (
    <div className="w-winners-ticker" style={style}>
      {head}
      {/* role="marquee": moving text that screen readers do not announce on every step. */}
      <div
        className="w-winners-ticker__window"
        role="marquee"
        aria-label={props.title || '中奖播报'}
      >
        <ul
          className="w-winners-ticker__rows"
          data-index={step.index}
          style={{
            transform: `translateY(-${step.index * ROW_PX}px)`,
            transition: step.animate ? `transform ${STEP_MS}ms ease` : 'none',
          }}
        >
          {rows.map((line, i) => (
            <li key={i} aria-hidden={i !== step.index % count}>
              {line}
            </li>
          ))}
        </ul>
      </div>
      {count > 1 ? (
        <button
          type="button"
          className="w-winners-ticker__control"
          aria-pressed={paused}
          aria-label={paused ? '继续播报' : '暂停播报'}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? '▶' : '❚❚'}
        </button>
      ) : null}
    </div>
  );
}
