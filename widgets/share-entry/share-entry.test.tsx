import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { shareEntryProps } from './schema';

const activity = (
  overrides: Record<string, unknown> = {},
  shareInfo: Record<string, unknown> = {},
) => ({
  code: 1,
  result: {
    activityCode: 'demo-luckdraw',
    canShare: 1,
    shareTitle: '活动标题',
    shareContent: '活动描述',
    activityConfig: JSON.stringify({
      shareInfo: {
        need: true,
        title: '开通小金库，最高4999元',
        content: '和我一起参加',
        iconImage: '/mp/activity/demo/share-icon.png',
        positionLeft: 10,
        positionTop: 300,
        entryImage: '/mp/activity/demo/share-entry.png',
        ...shareInfo,
      },
    }),
    ...overrides,
  },
});

const node = (props: Record<string, unknown> = {}) => ({
  type: 'share-entry',
  props: shareEntryProps.parse(props),
});

describe('share-entry', () => {
  it("placed freely, floats the activity's entry image where ShareInfo puts it and shares its copy", async () => {
    const services = createFakeServices({ apiHandler: () => activity() });
    renderPage([node({ placement: 'free' })], {
      services,
      document: { activity: { code: 'demo-luckdraw' } },
    });
    const button = await screen.findByRole('button', { name: '分享给好友' });
    await waitFor(() => expect(button.style.top).toBe('300px'));
    expect(button.style.left).toBe('10px');
    expect(button.querySelector('img')?.getAttribute('src')).toBe(
      '/mp/activity/demo/share-entry.png',
    );
    await userEvent.setup().click(button);
    await waitFor(() => expect(services.record.shared).toHaveLength(1));
    expect(services.record.shared[0]).toMatchObject({
      subject: '开通小金库，最高4999元',
      text: '和我一起参加',
      imageUrl: '/mp/activity/demo/share-icon.png',
    });
  });

  it("docks by default (issue 33): no position of its own, ShareInfo's is not used", async () => {
    const services = createFakeServices({ apiHandler: () => activity() });
    renderPage([node()], { services, document: { activity: { code: 'demo-luckdraw' } } });
    const button = await screen.findByRole('button', { name: '分享给好友' });
    await waitFor(() => expect(button.querySelector('img')).not.toBeNull());
    // In the band the page reserves: the button and 12 px above and below it.
    const band = button.parentElement;
    expect(band?.className).toBe('w-share-entry-dock');
    expect(band?.style.height).toBe('88px');
    expect(button.style.top).toBe('');
    expect(button.style.left).toBe('');
    expect(button.style.width).toBe('64px');
  });

  it('is hidden when the activity does not allow sharing', async () => {
    const services = createFakeServices({ apiHandler: () => activity({ canShare: 0 }) });
    renderPage([node(), { type: 'rich-text', props: { content: ['正文'] } }], {
      services,
      document: { activity: { code: 'demo-luckdraw' } },
    });
    await screen.findByText('正文');
    await waitFor(() => expect(services.record.calls.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: '分享给好友' })).toBeNull());
  });

  it('works from its own props on a shareable page without an activity', async () => {
    const services = createFakeServices();
    // The engine's share action needs the page's share info switched on (spec §3 isShare).
    renderPage([node({ title: '自定义标题', placement: 'free', left: 0, top: 100 })], {
      services,
      document: { share: { enabled: true, title: '页面标题' } },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: '分享给好友' }));
    await waitFor(() => expect(services.record.shared[0]).toMatchObject({ subject: '自定义标题' }));
  });
});
