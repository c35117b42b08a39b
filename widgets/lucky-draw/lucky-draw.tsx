import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { REQUEST_TIMEOUT_MS } from '../../src/spec/constants';
import { classifyDrawError, parseDrawResult, type DrawFailure, type DrawResult } from './draw-data';
import { GridView } from './grid-view';
import type { LuckyDrawProps } from './schema';
import { GRID_SLOT_COUNT, MIN_SPIN_MS, slotForResult } from './spin-math';
import { useDrawData } from './use-draw-data';
import { useReducedMotion } from '../../src/ui/use-reduced-motion';
import { useSpinner } from './use-spinner';
import { WheelView } from './wheel-view';
import './lucky-draw.css';

// The prize dialog (with its focus trap) shows only after a draw, so it is not part of the page's
// first load: its chunk starts loading when the wheel starts, which spins for at least MIN_SPIN_MS.
const loadPrizeDialog = () => import('./prize-dialog');
const PrizeDialog = lazy(() =>
  loadPrizeDialog().then((module) => ({ default: module.PrizeDialog })),
);

/** The catalogue name of each drawCall (the video partner's draw has its own module, spec §7). */
const DRAW_CALLS = {
  luckDraw: 'generalActivity.luckDraw',
  flashLuckDraw: 'generalActivity.flashLuckDraw',
  youkuUserDraw: 'youkuActivity.youkuUserDraw',
} as const satisfies Record<LuckyDrawProps['drawCall'], string>;

/** Calls whose cached answers a draw changes; revalidated after every draw attempt. */
const AFTER_DRAW = new Set(
  [
    'getRemainChance',
    'prizeStock',
    'myPrize',
    'showPrizeListHistory',
    'rotaryNews',
    'rotaryNewsTop',
    'queryUserGoldRichSum',
    'getFlashDrawByConfigActivityId4C',
  ].map((call) => `generalActivity.${call}`),
);

class DrawTimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

export default function LuckyDraw({ props, emit }: WidgetComponentProps<LuckyDrawProps>) {
  const services = useServices();
  const page = usePage();
  const { mutate } = useSWRConfig();
  const data = useDrawData(props);
  const reducedMotion = useReducedMotion();
  const spinner = useSpinner({
    mode: props.mode,
    count: Math.max(data.slots.length, 1),
    reducedMotion,
    clock: services.clock,
    maxWaitMs: REQUEST_TIMEOUT_MS,
  });
  const lock = useRef(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DrawResult | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Prize pictures load before the first draw, so the result never waits on an image.
  useEffect(() => {
    for (const slot of data.slots) if (slot.image) new Image().src = slot.image;
  }, [data.slots]);

  const failureText: Record<DrawFailure, string> = {
    noChance: props.noChanceText,
    soldOut: props.soldOutText,
    unavailable: props.endedText,
    timeout: props.timeoutText,
    other: props.errorText,
  };

  const request = (params: Record<string, unknown>) =>
    new Promise<DrawResult | null>((resolve, reject) => {
      // spec §7, §9: no request outlives REQUEST_TIMEOUT_MS; the wheel must not spin forever.
      const cancel = services.clock.setTimeout(
        () => reject(new DrawTimeoutError('draw timed out')),
        REQUEST_TIMEOUT_MS,
      );
      services.api
        .call(DRAW_CALLS[props.drawCall], params)
        .then((envelope) => resolve(parseDrawResult(envelope)), reject)
        .finally(cancel);
    });

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
    if (props.drawCall === 'flashLuckDraw') {
      params.coordinates = `${Math.round(event.clientX)},${Math.round(event.clientY)}`;
    }
    spinner.start();
    void loadPrizeDialog().catch(() => undefined);
    let outcome: DrawResult | null = null;
    let failure: DrawFailure | null = null;
    try {
      outcome = await request(params);
      if (!outcome) failure = 'other';
    } catch (error) {
      failure = classifyDrawError(error);
      if (failure === 'other') services.logger.report(error, { widget: 'lucky-draw' });
    }
    if (!reducedMotion) await spinner.wait(startedAt + MIN_SPIN_MS - services.clock.now());
    if (outcome) {
      const slot = slotForResult(data.slots, outcome, data.slotsFromServer);
      if (slot === null) {
        services.logger.report(new Error('draw result matches no slot'), {
          prizeId: outcome.prizeId,
          index: outcome.index,
        });
      }
      await spinner.land(slot);
      setResult(outcome);
      setAnnouncement(
        outcome.type === 'thanks'
          ? `${props.thanksText}，${outcome.name}`
          : `${props.resultTitle}${outcome.name}`,
      );
      void emit('draw', { prizeId: outcome.prizeId, prizeName: outcome.name, type: outcome.type });
    } else {
      await spinner.land(null);
      const text = failureText[failure ?? 'other'];
      services.ui.toast(text);
      setAnnouncement(text);
    }
    // Even a timed-out draw may have happened on the server: refresh what a draw changes.
    void mutate((key) => Array.isArray(key) && key[0] === 'api' && AFTER_DRAW.has(String(key[1])));
    lock.current = false;
    setBusy(false);
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
    return <div className="w-lucky-draw w-lucky-draw--message">九宫格需要 8 个奖品</div>;
  }

  const allSoldOut = data.slots.every((slot) => data.soldOut.has(slot.prizeId));
  const closedLabel =
    data.phase === 'notStarted'
      ? props.notStartedText
      : data.phase === 'ended'
        ? props.endedText
        : allSoldOut
          ? props.soldOutText
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
