import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, deferred, ok } from '../../tests/support/widget-test-utils';
import { newUserPacketProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'new-user-packet',
  id: 'packet',
  props: newUserPacketProps.parse({ activityCode: 'new-user', ...props }),
});

const LABELS = ['1次抽奖机会', '0.50金米', '2次抽奖机会'];

/** Answers like server/src/routes/general-packets.ts, sign-in.ts and tasks.ts. */
function packetServer(options: { newUser?: boolean } = {}) {
  const state = {
    opened: 0,
    openedToday: false,
    bubbles: ['bind-card'],
    friendOpened: false,
    calls: 0,
  };
  const newUser = options.newUser ?? true;
  const handler: FakeApiHandler = (name, params) => {
    if (name === 'generalActivity.newUser/packet')
      return ok({
        isNewUser: newUser,
        openedToday: state.openedToday,
        openedDays: state.opened,
        canOpen: newUser && !state.openedToday,
        days: LABELS.map((label, i) => ({ day: i + 1, label, opened: i < state.opened })),
      });
    if (name === 'generalActivity.newUser/openSignPacket') {
      state.calls += 1;
      if (!newUser) throw apiFailure(403, 'sign packets are for new users only');
      const awarded = !state.openedToday;
      if (awarded) state.opened += 1;
      state.openedToday = true;
      return ok({
        awarded,
        signCount: state.opened,
        reward: { chances: awarded ? 1 : 0, goldRiceCents: 0, label: '' },
      });
    }
    if (name === 'generalActivity.newUser/bubble')
      return ok({
        isNewUser: newUser,
        bubbles: state.bubbles.map((taskId) => ({
          taskId,
          title: '绑定银行卡',
          rewardLabel: '+0.50金米',
        })),
      });
    if (name === 'generalActivity.completeTask') {
      state.bubbles = state.bubbles.filter((id) => id !== params?.taskId);
      return ok({
        firstTime: true,
        taskLogId: 9,
        reward: { chances: 0, goldRiceCents: 50, label: '' },
      });
    }
    if (name === 'generalActivity.invitePacketInfo')
      return ok({
        shareCode: 'myCode1',
        inviteCode: 'MYINVITECODE',
        openedCount: 1,
        paidCount: 1,
        maxPaidInvites: 5,
        inviterRewardLabel: '1次抽奖机会',
        friends: [{ nickName: 'U**r', openTime: 1, paid: true }],
        hasOpenedFriendPacket: state.friendOpened,
      });
    if (name === 'generalActivity.openInvitePacket') {
      if (params?.shareCode === 'myCode1') throw apiFailure(400, 'you cannot open your own packet');
      state.friendOpened = true;
      return ok({
        opened: true,
        firstOpen: true,
        reward: { chances: 2, goldRiceCents: 0, label: '' },
      });
    }
    return ok(null);
  };
  return { handler, state };
}

describe('new-user-packet', () => {
  it("opens today's packet once for a double tap and shows the reward in Chinese", async () => {
    const server = packetServer();
    const gate = deferred();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) =>
        name === 'generalActivity.newUser/openSignPacket'
          ? gate.promise.then(() => server.handler(name, params))
          : server.handler(name, params),
    });
    renderPage([node()], { services });
    expect(await screen.findByText('已拆0/3天')).toBeTruthy();
    const button = screen.getByRole('button', { name: '拆红包' });
    const user = userEvent.setup();
    await user.click(button);
    await user.click(button);
    gate.resolve(ok(null));
    expect(await screen.findByRole('button', { name: '今日已拆，明天再来' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(server.state.calls).toBe(1);
    expect(screen.getByText('已拆1/3天')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('拆开红包，获得1次抽奖机会');
  });

  it('collects a bubble through completeTask and removes it', async () => {
    const server = packetServer();
    const services = createFakeServices({ loggedIn: true, apiHandler: server.handler });
    renderPage([node({ sections: ['bubbles'] })], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: /绑定银行卡/ }));
    expect(await screen.findByText('新人福利已全部领取')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('领取成功，获得0.50金米');
    const complete = services.record.calls.find((c) => c.name === 'generalActivity.completeTask');
    expect(complete?.params).toEqual({ activityCode: 'new-user', taskId: 'bind-card' });
  });

  it("opens a friend's packet from the shareCode of the link, once", async () => {
    const server = packetServer();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: server.handler,
      href: 'http://localhost/mp/activity/new-user?shareCode=friend42',
    });
    renderPage([node({ sections: ['invite'] })], { services });
    expect(await screen.findByText('已邀请1位好友，前5位各得1次抽奖机会')).toBeTruthy();
    const list = screen.getByRole('list', { name: '已拆红包的好友' });
    expect(within(list).getByText(/U\*\*r/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '拆开好友红包' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '拆开好友红包' })).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('拆开好友红包，获得2次抽奖机会');
    const open = services.record.calls.find((c) => c.name === 'generalActivity.openInvitePacket');
    expect(open?.params).toEqual({ activityCode: 'new-user', shareCode: 'friend42' });
  });

  it.each(['myCode1', 'MYINVITECODE'])(
    'offers no friend packet on its own link (%s: shareCode or invitation code)',
    async (code) => {
      const services = createFakeServices({
        loggedIn: true,
        apiHandler: packetServer().handler,
        href: `http://localhost/mp/activity/new-user?shareCode=${code}`,
      });
      renderPage([node({ sections: ['invite'] })], { services });
      expect(await screen.findByRole('button', { name: '分享给好友' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: '拆开好友红包' })).toBeNull();
    },
  );

  it('tells a user who is not new, in Chinese, and offers no packet', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: packetServer({ newUser: false }).handler,
    });
    renderPage([node({ sections: ['packet'] })], { services });
    expect(await screen.findByText('新人专享，老用户可参与其他活动哦')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '拆红包' })).toBeNull();
  });

  it('asks a logged-out visitor to log in without calling the user calls', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: packetServer().handler });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls).toHaveLength(0);
  });

  it('shows a failed load as an error with a retry, never as an empty packet', async () => {
    let fail = true;
    const server = packetServer();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) => {
        if (name === 'generalActivity.newUser/packet' && fail) throw new Error('offline');
        return server.handler(name, params);
      },
    });
    renderPage([node()], { services });
    expect((await screen.findByRole('alert')).textContent).toContain('红包信息加载失败');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '拆红包' })).toBeTruthy();
  });
});
