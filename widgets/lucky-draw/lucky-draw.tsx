import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { useLiveSwitches } from '../../src/engine/page/live-switches';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { REQUEST_TIMEOUT_MS } from '../../src/spec/constants';
import { UI_COPY } from '../../src/ui/copy';
import { errorText } from '../_campaign-kit/api-error';
import type * as DrawFlow from './draw-flow';
import type { DrawResult } from './draw-result';
import { flashRoundView } from './flash-round';
import { GridView } from './grid-view';
import type { LuckyDrawProps } from './schema';
import { GRID_SLOT_COUNT } from './spin-constants';
import { useDrawData } from './use-draw-data';
import { useReducedMotion } from '../../src/ui/use-reduced-motion';
import { useSpinner } from './use-spinner';
import { WheelView } from './wheel-view';
import './lucky-draw.css';

// The prize dialog (with its focus trap) shows only after a draw, so it is not part of the page's
// first load: its chunk starts loading when the wheel starts, which spins for a while (spinMs).
const loadPrizeDialog = () => import('./prize-dialog');
const PrizeDialog = lazy(() =>
  loadPrizeDialog().then((module) => ({ default: module.PrizeDialog })),
);

// The draw itself (request, timeout, landing, result) runs only after a tap: its chunk loads at
// the visitor's first intent (the pointerdown of the tap itself counts), and the tap awaits it if
// it is not there yet (decision 0035: loading it at idle put the draw pages over the budget).
let drawFlow: Promise<typeof DrawFlow> | undefined;
/** Loaded once; a failed load is tried again on the next call (the next tap). */
const loadDrawFlow = () =>
  (drawFlow ??= import('./draw-flow').catch((error: unknown) => {
    drawFlow = undefined;
    throw error;
  }));

export default function LuckyDraw({ props, emit }: WidgetComponentProps<LuckyDrawProps>) {
  const services = useServices();
  const page = usePage();
  const switches = useLiveSwitches();
  const { mutate } = useSWRConfig();
  const data = useDrawData(props);
  const reducedMotion = useReducedMotion();
  const spinner = useSpinner({
    mode: props.mode,
    count: Math.max(data.slots.length, 1),
    reducedMotion,
    clock: services.clock,
    maxWaitMs: REQUEST_TIMEOUT_MS,
    spinMs: props.spinMs,
  });
  const round = flashRoundView(data.flash, {
    open: props.roundOpenText,
    next: props.roundNextText,
  });
  const { refreshInMs } = round;
  const { refreshFlash } = data;
  // At the round's edge, ask the server again (it decides; one second late rather than early).
  useEffect(() => {
    if (refreshInMs === null) return undefined;
    return services.clock.setTimeout(() => void refreshFlash(), refreshInMs + 1000);
  }, [services.clock, refreshInMs, refreshFlash]);
  const lock = useRef(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DrawResult | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The draw's code starts loading at the visitor's first intent (a touch, a key, a focus), so a
  // tap's own pointerdown has it on the way before its click (issue 33, decision 0035).
  useEffect(
    () => services.clock.whenIntent(() => void loadDrawFlow().catch(() => undefined)),
    [services.clock],
  );

  // Prize pictures load before the first draw, so the result never waits on an image.
  useEffect(() => {
    for (const slot of data.slots) if (slot.image) new Image().src = slot.image;
  }, [data.slots]);

  const draw = async (event: MouseEvent<HTMLButtonElement>) => {
    if (lock.current || !data.code) return;
    if (!services.auth.isLoggedIn()) {
      await page.run([{ type: 'login' }]);
      return;
    }
    if (data.chances === 0) {
      services.ui.toast(props.noChanceText);
      await emit('noChance');
      return;
    }
    lock.current = true;
    setBusy(true);
    setAnnouncement('正在抽奖…');
    const startedAt = services.clock.now();
    const params: Record<string, unknown> = { activityCode: data.code };
    // spec §7: the flash draw and the GET luckDraw take the tap's coordinates.
    if (props.drawCall === 'flashLuckDraw' || props.drawCall === 'luckDraw.get') {
      params.coordinates = `${Math.round(event.clientX)},${Math.round(event.clientY)}`;
    }
    spinner.start();
    void loadPrizeDialog().catch(() => undefined);
    try {
      let flow: typeof DrawFlow;
      try {
        flow = await loadDrawFlow();
      } catch (error) {
        // The draw's code did not load: nothing was sent; the wheel stops, the tap works again
        // (and loads again).
        services.logger.report(error, { widget: 'lucky-draw', kind: 'chunk' });
        const text = errorText(error, props.errorText);
        spinner.halt();
        services.ui.toast(text);
        setAnnouncement(text);
        return;
      }
      await flow.runDraw({
        services,
        props,
        slots: data.slots,
        slotsFromServer: data.slotsFromServer,
        spin: spinner.spin,
        startedAt,
        params,
        emit,
        mutate,
        setResult,
        setAnnouncement,
      });
    } finally {
      lock.current = false;
      setBusy(false);
    }
  };

  if (!data.code) {
    return <div className="w-lucky-draw w-lucky-draw--message">抽奖活动未配置</div>;
  }
  if (data.slots.length === 0) {
    if (data.activityError) {
      return (
        <div className="w-lucky-draw w-lucky-draw--message" role="alert">
          <p>抽奖加载失败</p>
          <button type="button" className="w-lucky-draw__secondary" onClick={data.retryActivity}>
            重新加载
          </button>
        </div>
      );
    }
    return <div className="w-lucky-draw w-lucky-draw--skeleton" aria-busy="true" />;
  }
  if (props.mode === 'grid' && data.slots.length !== GRID_SLOT_COUNT) {
    return <div className="w-lucky-draw w-lucky-draw--message">九宫格需要8个奖品</div>;
  }

  const allSoldOut = data.slots.every((slot) => data.soldOut.has(slot.prizeId));
  // An operator turned the draw off (issue 34): the button says so instead of drawing.
  const paused = switches.actionOff(data.code, 'draw');
  const closedLabel = paused
    ? UI_COPY.paused
    : data.phase === 'notStarted'
      ? props.notStartedText
      : data.phase === 'ended'
        ? props.endedText
        : allSoldOut
          ? props.soldOutText
          : round.waiting
            ? props.roundWaitText
            : null;
  const loggedIn = services.auth.isLoggedIn();
  const button = (
    <button
      type="button"
      className="w-lucky-draw__go"
      style={{ background: props.accentColor }}
      disabled={closedLabel !== null}
      aria-disabled={busy}
      aria-busy={busy}
      onClick={(event) => void draw(event)}
    >
      {closedLabel ?? props.buttonText}
    </button>
  );
  const viewProps = {
    slots: data.slots,
    soldOut: data.soldOut,
    soldOutText: props.soldOutText,
    colors: props.colors,
    view: spinner.view,
    button,
  };
  return (
    <div
      className="w-lucky-draw"
      style={props.background ? { background: props.background } : undefined}
    >
      {props.title ? <h2 className="w-lucky-draw__title">{props.title}</h2> : null}
      {props.mode === 'wheel' ? (
        <WheelView {...viewProps} />
      ) : (
        <GridView {...viewProps} accentColor={props.accentColor} />
      )}
      {round.line ? (
        <p className="w-lucky-draw__round" data-waiting={round.waiting}>
          {round.line}
        </p>
      ) : null}
      <p className="w-lucky-draw__chances">
        {loggedIn
          ? props.chancesText.replace('{n}', data.chances === null ? '-' : String(data.chances))
          : props.loginText}
      </p>
      <button
        type="button"
        className="w-lucky-draw__link"
        onClick={() => void page.run([{ type: 'navigate', to: props.myPrizesTarget }])}
      >
        {props.myPrizesText}
      </button>
      <p className="w-lucky-draw__sr" aria-live="polite" role="status">
        {announcement}
      </p>
      {result ? (
        <Suspense fallback={null}>
          <PrizeDialog
            result={result}
            title={props.resultTitle}
            thanksText={props.thanksText}
            closeText={props.closeText}
            thanksCloseText={props.thanksCloseText}
            myPrizesText={props.myPrizesText}
            onClose={() => setResult(null)}
            onMyPrizes={() => {
              setResult(null);
              void page.run([{ type: 'navigate', to: props.myPrizesTarget }]);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
