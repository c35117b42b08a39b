/**
 * Issue 33: the draw's code (./draw-flow.ts, its own chunk, decision 0035) is fetched before the
 * first tap is possible: once the page is idle after its first load, with no intent needed.
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
  it('when the page goes idle, before any tap or intent, and only once', async () => {
    const clock = { ...createFakeClock(1_000_000), whenIntent: () => () => undefined };
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
    await act(async () => clock.advance(0));
    await vi.waitFor(() => expect(chunk.loads).toBe(1));
    await act(async () => clock.advance(1_000));
    expect(chunk.loads).toBe(1);
  });
});
