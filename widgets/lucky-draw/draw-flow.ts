/**
 * A draw, from the request to the prize (decision 0035): the chunk loads at the visitor's first
 * intent, so it is usually there by the tap's click; the wheel already spins (./use-spinner.ts
 * `start`) when this runs.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { ScopedMutator } from 'swr';
import { LIVE_SWITCH_CALL } from '../../src/engine/page/live-switches';
import type { Services } from '../../src/services/types';
import { REQUEST_TIMEOUT_MS } from '../../src/spec/constants';
import { UI_COPY } from '../../src/ui/copy';
import { classifyDrawError, drawResultOf, type DrawFailure, type DrawResult } from './draw-result';
import type { LuckyDrawProps, LuckyDrawSlot } from './schema';
import { land, wait } from './spin-land';
import { slotForResult } from './spin-math';
import type { Spin } from './use-spinner';

/** The catalogue name of each drawCall (the video partner's draw has its own module, spec §7). */
const DRAW_CALLS = {
  luckDraw: 'generalActivity.luckDraw',
  'luckDraw.get': 'generalActivity.luckDraw.get',
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
  ]
    .map((call) => `generalActivity.${call}`)
    // A draw an operator turned off meanwhile: the button learns it (issue 34).
    .concat(LIVE_SWITCH_CALL),
);

class DrawTimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

export interface DrawContext {
  services: Services;
  props: LuckyDrawProps;
  slots: readonly LuckyDrawSlot[];
  slotsFromServer: boolean;
  spin: Spin;
  /** When the tap started the spinner (the shortest spin counts from there). */
  startedAt: number;
  params: Record<string, unknown>;
  emit: (event: string, payload?: Record<string, unknown>) => Promise<void>;
  mutate: ScopedMutator;
  setResult: Dispatch<SetStateAction<DrawResult | null>>;
  setAnnouncement: (text: string) => void;
}

function request(ctx: DrawContext): Promise<DrawResult | null> {
  const { services, props, params } = ctx;
  return new Promise<DrawResult | null>((resolve, reject) => {
    // spec §7, §9: no request outlives REQUEST_TIMEOUT_MS; the wheel must not spin forever.
    const cancel = services.clock.setTimeout(
      () => reject(new DrawTimeoutError('draw timed out')),
      REQUEST_TIMEOUT_MS,
    );
    services.api
      .call(DRAW_CALLS[props.drawCall], params)
      .then((envelope) => resolve(drawResultOf(envelope.result)), reject)
      .finally(cancel);
  });
}

/** Sends the draw, lands the spinner on the prize (or back) and says what happened. */
export async function runDraw(ctx: DrawContext): Promise<void> {
  const { services, props, spin } = ctx;
  const failureText: Record<DrawFailure, string> = {
    noChance: props.noChanceText,
    soldOut: props.soldOutText,
    unavailable: props.endedText,
    roundClosed: props.roundWaitText,
    paused: UI_COPY.paused,
    timeout: props.timeoutText,
    other: props.errorText,
  };
  let outcome: DrawResult | null = null;
  let failure: DrawFailure | null = null;
  try {
    outcome = await request(ctx);
    if (!outcome) failure = 'other';
  } catch (error) {
    failure = classifyDrawError(error);
    if (failure === 'other') services.logger.report(error, { widget: 'lucky-draw' });
  }
  if (!spin.reducedMotion) await wait(spin, ctx.startedAt + spin.minSpinMs - services.clock.now());
  if (outcome) {
    const slot = slotForResult(ctx.slots, outcome, ctx.slotsFromServer);
    if (slot === null) {
      services.logger.report(new Error('draw result matches no slot'), {
        prizeId: outcome.prizeId,
        index: outcome.index,
      });
    }
    await land(spin, slot);
    ctx.setResult(outcome);
    ctx.setAnnouncement(
      outcome.type === 'thanks'
        ? `${props.thanksText}，${outcome.name}`
        : `${props.resultTitle}${outcome.name}`,
    );
    void ctx.emit('draw', {
      prizeId: outcome.prizeId,
      prizeName: outcome.name,
      type: outcome.type,
    });
  } else {
    await land(spin, null);
    const text = failureText[failure ?? 'other'];
    services.ui.toast(text);
    ctx.setAnnouncement(text);
  }
  // Even a timed-out draw may have happened on the server: refresh what a draw changes.
  void ctx.mutate(
    (key) => Array.isArray(key) && key[0] === 'api' && AFTER_DRAW.has(String(key[1])),
  );
}
