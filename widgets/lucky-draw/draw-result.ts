/**
 * The server's draw answers (src/contracts/draws.ts, server/src/domain/draw.ts DrawOutcome), part
 * of the draw's chunk (decision 0035).
 */
import type { ApiOutput } from '../../src/contracts';
import { FLASH_ROUND_CLOSED } from './flash-round';
import { isSafeUrl } from '../../src/engine/document/safe-url';

type DrawOutput = ApiOutput<'generalActivity.luckDraw'>;

export interface DrawResult {
  prizeId: string;
  index: number;
  name: string;
  image: string | null;
  /** 'thanks' means no prize (spec: "thanks for taking part"). */
  type: string;
  remainChance: number;
}

/**
 * The draw's answer as the wheel and the dialog show it. The answer is typed by the draw's
 * contract (src/contracts/draws.ts drawResult); the prize image is still checked, as every
 * address a page shows is (isSafeUrl).
 */
export function drawResultOf(answer: DrawOutput | undefined): DrawResult | null {
  if (!answer) return null;
  return {
    prizeId: answer.prizeId,
    index: answer.index,
    name: answer.prizeName,
    image: isSafeUrl(answer.prizeImage) ? answer.prizeImage : null,
    type: answer.prizeType,
    remainChance: answer.remainChance,
  };
}

export type DrawFailure =
  'noChance' | 'soldOut' | 'unavailable' | 'paused' | 'roundClosed' | 'timeout' | 'other';

/** What went wrong, from the ApiError's body `error` name or code (server/src/http/envelope.ts). */
export function classifyDrawError(error: unknown): DrawFailure {
  if (typeof error !== 'object' || error === null) return 'other';
  const name = Reflect.get(error, 'name');
  if (name === 'TimeoutError') return 'timeout';
  const code = Reflect.get(error, 'error');
  if (code === 'NO_CHANCE') return 'noChance';
  if (code === 'SOLD_OUT') return 'soldOut';
  if (code === FLASH_ROUND_CLOSED) return 'roundClosed';
  if (code === 'ACTIVITY_UNAVAILABLE' || code === 'ACTION_UNAVAILABLE') return 'unavailable';
  // An operator's live switch (server/src/domain/activity-guard.ts PAUSED_ERROR).
  if (code === 'PAUSED') return 'paused';
  return 'other';
}
