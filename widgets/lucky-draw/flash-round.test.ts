import { describe, expect, it } from 'vitest';
import { beijingClock, flashRoundView, type FlashInfo } from './flash-round';

const at = (clock: string) => Date.parse(`2026-11-27T${clock}:00+08:00`);
const info = (extra: Partial<FlashInfo>): FlashInfo => ({
  activityCode: 'flash-draw',
  status: 'ongoing',
  costPerDraw: 1,
  goldRiceDrawCost: 0,
  remainChance: 1,
  prizes: [],
  serverTime: at('10:30'),
  rounds: 3,
  round: null,
  nextRound: null,
  ...extra,
});
const texts = { open: '第{n}场 {start}–{end}', next: '下一场 {start}' };

describe('flash-draw rounds on the page (issue 32)', () => {
  it('reads Beijing clock times, a midnight end as 24:00', () => {
    expect(beijingClock(at('09:05'))).toBe('09:05');
    expect(beijingClock(Date.parse('2026-11-28T00:00:00+08:00'))).toBe('00:00');
    expect(beijingClock(Date.parse('2026-11-28T00:00:00+08:00'), true)).toBe('24:00');
  });

  it('an open round: draws allowed, asked again when it closes', () => {
    const view = flashRoundView(
      info({ round: { index: 2, start: at('10:00'), end: at('12:00') } }),
      texts,
    );
    expect(view).toEqual({ waiting: false, line: '第2场 10:00–12:00', refreshInMs: 90 * 60_000 });
  });

  it('between rounds: waiting, the next round named, asked again when it opens', () => {
    const view = flashRoundView(
      info({ nextRound: { index: 3, start: at('18:00'), end: at('20:00') } }),
      texts,
    );
    expect(view).toEqual({ waiting: true, line: '下一场 18:00', refreshInMs: 450 * 60_000 });
  });

  it('no rounds: the activity window alone decides', () => {
    expect(flashRoundView(info({ rounds: 0 }), texts)).toEqual({
      waiting: false,
      line: null,
      refreshInMs: null,
    });
  });
});
