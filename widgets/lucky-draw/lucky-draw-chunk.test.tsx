/**
 * The draw's own chunk (./draw-flow.ts, decision 0035) when it is not there at the tap: the
 * visitor never acted before (no intent), or the chunk fails to load.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { createFakeClock } from '../../tests/support/fake-clock';
import { luckyDrawProps } from './schema';
import { slotAtAngle } from './spin-math';

const chunk = vi.hoisted(() => ({ fail: true, loads: 0 }));
vi.mock('./draw-flow', async (importOriginal) => {
  chunk.loads += 1;
  if (chunk.fail) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

const PRIZES = ['phone', 'band', 'c50', 'c10'];
/**
 * Vitest hands the import a wrapper of the factory's error, so the widget says its own failure
 * text (errorText's fallback); in a browser a chunk that did not arrive is a TypeError, which
 * errorText words as the UI kit's network fault.
 */
const LOAD_FAILED = luckyDrawProps.parse({}).errorText;

function setup() {
  // A page that never goes idle and a visitor whose first intent never registers: the chunk can
  // only load on the tap itself.
  const clock = {
    ...createFakeClock(1_000_000),
    whenIdle: () => () => undefined,
    whenIntent: () => () => undefined,
  };
  const apiHandler: FakeApiHandler = (name) => {
    if (name === 'configActivity.getSingleConfigActivity4c') {
      const prizes = PRIZES.map((prizeId) => ({ prizeId, name: `奖品-${prizeId}` }));
      return {
        code: 1,
        result: {
          activityCode: 'demo',
          status: 'ongoing',
          activityConfig: JSON.stringify({ luckdrawConfig: { prizes } }),
        },
      };
    }
    if (name === 'generalActivity.getRemainChance') return { code: 0, result: { remainChance: 3 } };
    if (name === 'generalActivity.luckDraw') {
      return { code: 0, result: { prizeId: 'c50', prizeName: '奖品-c50', prizeType: 'coupon' } };
    }
    return { code: 0, result: { list: [] } };
  };
  const services = createFakeServices({ apiHandler, loggedIn: true, clock });
  const props = luckyDrawProps.parse({ activityCode: 'demo' });
  renderPage([{ type: 'lucky-draw', id: 'draw', props }], { services });
  const settle = async () => {
    for (let i = 0; i < 40; i++) await act(async () => clock.advance(250));
  };
  const draws = () => services.record.calls.filter((c) => c.name === 'generalActivity.luckDraw');
  return { services, settle, draws };
}

const wheel = () => document.querySelector<HTMLElement>('.w-lucky-draw__wheel');

describe('lucky-draw, its draw chunk loaded on the tap', () => {
  it('a chunk that fails to load: a clear toast, nothing sent, the wheel back, the tap works again; the next tap loads it and draws', async () => {
    const t = setup();
    const button = await screen.findByRole('button', { name: '抽奖' });
    expect(chunk.loads).toBe(0);
    await userEvent.click(button);
    await waitFor(() => expect(t.services.record.toasts.map((x) => x.text)).toContain(LOAD_FAILED));
    expect(screen.getByRole('status').textContent).toBe(LOAD_FAILED);
    expect(t.draws()).toHaveLength(0);
    expect(Number(wheel()?.dataset.angle) % 360).toBe(0);
    expect(wheel()?.style.transition).toBe('none');
    expect(button.getAttribute('aria-busy')).toBe('false');
    expect(t.services.record.reports).toHaveLength(1);

    chunk.fail = false;
    await userEvent.click(button);
    await waitFor(() => expect(t.draws()).toHaveLength(1));
    expect(chunk.loads).toBe(2);
    await t.settle();
    expect((await screen.findByRole('dialog')).textContent).toContain('奖品-c50');
    expect(slotAtAngle(Number(wheel()?.dataset.angle), PRIZES.length)).toBe(2);
  });
});
