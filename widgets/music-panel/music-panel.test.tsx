import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, ok } from '../../tests/support/widget-test-utils';
import { musicPanelProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'music-panel',
  id: 'music',
  props: musicPanelProps.parse({ activityCode: 'qq', ...props }),
});

/** Answers like server/src/routes/qq-music.ts. */
function musicServer(): FakeApiHandler {
  const finished = new Set<string>();
  let free = false;
  let gold = 0;
  return (name, params) => {
    if (name === 'qqMusicActivity.getHotSongs')
      return ok({ list: [{ songId: 's-1', name: '夏日晚风', singer: '乐队甲', cover: '' }] });
    if (name === 'qqMusicActivity.getHotSongLists')
      return ok({ list: [{ listId: 'l-1', name: '通勤歌单', cover: '', songCount: 30 }] });
    if (name === 'qqMusicActivity.getMusicUserInfo')
      return ok({
        nickName: '小明',
        freeMode: { whitelisted: free, active: free, expireTime: free ? 1 : null },
        goldRichSum: gold,
        tasks: [
          {
            taskId: 'listen-3',
            title: '听3首歌',
            rewardLabel: '+0.30金米',
            finished: finished.has('listen-3'),
          },
        ],
      });
    if (name === 'qqMusicActivity.finishMusicTask') {
      const id = String(params?.taskId);
      const first = !finished.has(id);
      finished.add(id);
      if (first) gold += 30;
      return ok({ finished: true, firstTime: first, reward: { label: '+0.30金米' } });
    }
    if (name === 'qqMusicActivity.addFreeModeWhitelist') {
      free = true;
      return ok({ whitelisted: true });
    }
    return ok(null);
  };
}

describe('music-panel', () => {
  it('shows hot songs and lists to visitors, and a login prompt for the tasks', async () => {
    renderPage([node()], { services: createFakeServices({ apiHandler: musicServer() }) });
    expect(await screen.findByText('夏日晚风')).toBeTruthy();
    expect(await screen.findByText('30首')).toBeTruthy();
    expect(screen.getByText('登录后领取音乐权益')).toBeTruthy();
  });

  it('finishes a task once: the reward is announced and the task shows as done', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: musicServer() });
    renderPage([node()], { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '去完成：听3首歌' }));
    expect(await screen.findByRole('button', { name: '已完成：听3首歌' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(services.record.toasts.map((t) => t.text)).toContain('任务完成，+0.30金米');
    expect(await screen.findByText('0.30')).toBeTruthy();
  });

  it('adds the free mode and then shows it active', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: musicServer() });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '领取免费听歌特权' }));
    expect(await screen.findByText('免费听歌特权生效中')).toBeTruthy();
  });

  it('a failed user load offers a retry, never an empty panel', async () => {
    let fail = true;
    const server = musicServer();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) => {
        if (name === 'qqMusicActivity.getMusicUserInfo' && fail) throw apiFailure(500, 'boom');
        return server(name, params);
      },
    });
    renderPage([node({ sections: ['user', 'tasks'] })], { services });
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    await userEvent.setup().click(retry);
    await waitFor(() => expect(screen.getByText('小明')).toBeTruthy());
  });
});
