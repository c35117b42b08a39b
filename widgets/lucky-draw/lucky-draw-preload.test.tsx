/**
 * Issue 33, decision 0035: the draw's code (./draw-flow.ts, its own chunk) is fetched at the
 * visitor's first intent (the tap's own pointerdown is one), never while the page only loads.
 */
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { createFakeClock } from '../../tests/support/fake-clock';
import { luckyDrawProps } from './schema';

const chunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./draw-flow', async (importOriginal) => {
  chunk.loads += 1;
  return importOriginal();
});

describe('lucky-draw preloads its draw chunk', () => {
  it('at the first intent, not when the page goes idle, and only once', async () => {
    const intents: (() => void)[] = [];
    const clock = {
      ...createFakeClock(1_000_000),
      whenIntent: (fn: () => void) => {
        intents.push(fn);
        return () => undefined;
      },
    };
    const services = createFakeServices({
      loggedIn: true,
      clock,
      apiHandler: (name) =>
        name === 'configActivity.getSingleConfigActivity4c'
          ? {
              code: 1,
              result: {
                activityCode: 'demo',
                status: 'ongoing',
                activityConfig: JSON.stringify({
                  luckdrawConfig: {
                    prizes: ['a', 'b', 'c', 'd'].map((id) => ({ prizeId: id, name: `奖品-${id}` })),
                  },
                }),
              },
            }
          : name === 'generalActivity.getRemainChance'
            ? { code: 0, result: { remainChance: 1 } }
            : { code: 0, result: { list: [] } },
    });
    const props = luckyDrawProps.parse({ activityCode: 'demo' });
    renderPage([{ type: 'lucky-draw', id: 'draw', props }], { services });
    await screen.findByRole('button', { name: '抽奖' });
    expect(chunk.loads).toBe(0);
    // Idle, with no intent: a visitor who only looks downloads nothing more (the budget, 0038).
    await act(async () => clock.advance(5_000));
    expect(chunk.loads).toBe(0);
    await act(async () => intents.forEach((fn) => fn()));
    await vi.waitFor(() => expect(chunk.loads).toBe(1));
    await act(async () => intents.forEach((fn) => fn()));
    expect(chunk.loads).toBe(1);
  });
});
