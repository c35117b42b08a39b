import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeServices, type FakeApiHandler } from '../../../tests/support/fake-services';
import { renderPage } from '../../../tests/support/render-page';
import { luckyDrawProps } from '../../../widgets/lucky-draw/schema';
import { UI_COPY } from '../../ui/copy';
import { liveSwitchView, NOTHING_OFF } from './live-switches';

const text = (id: string, content: string) => ({
  type: 'rich-text',
  id,
  props: { content: [content] },
});

const PRIZES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const drawPage: FakeApiHandler = (name) => {
  if (name === 'configActivity.getSingleConfigActivity4c') {
    const prizes = PRIZES.map((id) => ({ prizeId: id, name: `奖品-${id}`, image: '', type: 'x' }));
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
  if (name === 'generalActivity.prizeStock') return { code: 0, result: { list: [] } };
  return { code: 0, result: null };
};

/** Issue 34 item 11: what an operator switched off, as the page shows it (decision 0042). */
describe('live switch on the page', () => {
  it('puts the kind message in place of a switched-off widget; the rest of the page works', async () => {
    const services = createFakeServices({
      liveSwitches: { widgets: [{ route: '/test', widgetId: 'partner' }] },
    });
    renderPage([text('top', '顶部'), text('partner', '合作方入口'), text('end', '底部')], {
      services,
      route: '/test',
    });
    expect(await screen.findByText(UI_COPY.paused)).toBeTruthy();
    expect(screen.queryByText('合作方入口')).toBeNull();
    expect(await screen.findByText('顶部')).toBeTruthy();
    expect(await screen.findByText('底部')).toBeTruthy();
    expect(document.querySelector('[data-node-paused="partner"]')).not.toBeNull();
    expect(services.record.liveSwitchReads).toBe(1);
  });

  it('a widget of another page with the same id stays', async () => {
    const services = createFakeServices({
      liveSwitches: { widgets: [{ route: '/elsewhere', widgetId: 'partner' }] },
    });
    renderPage([text('partner', '合作方入口')], { services, route: '/test' });
    expect(await screen.findByText('合作方入口')).toBeTruthy();
    await waitFor(() => expect(services.record.liveSwitchReads).toBe(1));
    expect(screen.queryByText(UI_COPY.paused)).toBeNull();
  });

  it('a switched-off draw: the button says so and a tap sends nothing', async () => {
    const services = createFakeServices({
      apiHandler: drawPage,
      loggedIn: true,
      liveSwitches: { actions: [{ activityCode: 'demo', action: 'draw' }] },
    });
    const props = luckyDrawProps.parse({ activityCode: 'demo' });
    renderPage([{ type: 'lucky-draw', id: 'draw', props }], { services });
    const button = await screen.findByRole('button', { name: UI_COPY.paused });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(button);
    expect(services.record.calls.some((c) => c.name.endsWith('uckDraw'))).toBe(false);
  });

  it('a paused activity: a notice on its page, its widgets replaced, others kept', async () => {
    const services = createFakeServices({
      apiHandler: drawPage,
      loggedIn: true,
      liveSwitches: { activities: ['demo'] },
    });
    const props = luckyDrawProps.parse({ activityCode: 'demo' });
    renderPage([{ type: 'lucky-draw', id: 'draw', props }, text('faq', '活动规则')], {
      services,
      document: { activity: { code: 'demo' } },
    });
    await waitFor(() => expect(document.querySelector('[data-page-paused]')).not.toBeNull());
    expect(document.querySelector('[data-node-paused="draw"]')).not.toBeNull();
    expect(await screen.findByText('活动规则')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '抽奖' })).toBeNull();
  });

  it('reads a list answer into look-ups (a paused activity turns off each of its actions)', () => {
    expect(liveSwitchView(undefined)).toBe(NOTHING_OFF);
    const view = liveSwitchView({
      version: 3,
      activities: ['x'],
      actions: [{ activityCode: 'y', action: 'draw' }],
      widgets: [{ route: '/p', widgetId: 'w' }],
    });
    expect(view.actionOff('x', 'signIn')).toBe(true);
    expect(view.actionOff('y', 'draw')).toBe(true);
    expect(view.actionOff('y', 'signIn')).toBe(false);
    expect(view.activityPaused('y')).toBe(false);
    expect(view.widgetOff('/p', 'w')).toBe(true);
    expect(view.widgetOff('/p', 'v')).toBe(false);
  });
});
