/**
 * A flash draw's rounds as the page shows them (issue 32): the server's
 * getFlashDrawByConfigActivityId4C says which round is open and which is next
 * (server/src/domain/flash-rounds.ts); the page never decides, it only says what the server said
 * and asks again at the round's edge.
 */
import type { ApiOutput } from '../../src/contracts';

/** The server's refusal outside a round (src/contracts/draws.ts, which the page imports types from only). */
export const FLASH_ROUND_CLOSED = 'FLASH_ROUND_CLOSED';

export type FlashInfo = ApiOutput<'generalActivity.getFlashDrawByConfigActivityId4C'>;

/**
 * Beijing clock time "HH:MM" of `ms` (campaign days are Beijing days; China keeps no DST); an
 * end at midnight reads "24:00".
 */
export function beijingClock(ms: number, isEnd = false): string {
  const d = new Date(ms + 8 * 3_600_000);
  const hh = d.getUTCHours();
  const mm = d.getUTCMinutes();
  if (isEnd && hh === 0 && mm === 0) return '24:00';
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

export interface FlashRoundView {
  /** Draws are refused now (rounds exist and none is open). */
  waiting: boolean;
  /** The line under the draw, or null without rounds. */
  line: string | null;
  /** Milliseconds (local clock) until the round opens or closes: ask the server again then. */
  refreshInMs: number | null;
}

export function flashRoundView(
  info: FlashInfo | undefined,
  texts: { open: string; next: string },
): FlashRoundView {
  if (!info || info.rounds === 0) return { waiting: false, line: null, refreshInMs: null };
  const fill = (text: string, round: { index: number; start: number; end: number }) =>
    text
      .replace('{n}', String(round.index))
      .replace('{start}', beijingClock(round.start))
      .replace('{end}', beijingClock(round.end, true));
  if (info.round) {
    return {
      waiting: false,
      line: fill(texts.open, info.round),
      refreshInMs: Math.max(0, info.round.end - info.serverTime),
    };
  }
  return {
    waiting: true,
    line: info.nextRound ? fill(texts.next, info.nextRound) : null,
    refreshInMs: info.nextRound ? Math.max(0, info.nextRound.start - info.serverTime) : null,
  };
}
