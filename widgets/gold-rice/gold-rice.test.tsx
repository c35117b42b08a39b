import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, deferred, ok } from '../../tests/support/widget-test-utils';
import { goldRiceProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'gold-rice',
  id: 'gold',
  props: goldRiceProps.parse({ activityCode: 'demo-luckdraw', convert: {}, draw: {}, ...props }),
});

/** Answers like server/src/routes/gold-rice.ts (cents). */
function goldServer(start = 1230): FakeApiHandler {
  let sum = start;
  let bubbles = [
    { bubbleId: 'b-visit', amount: 10, label: '今日访问', period: 'daily', received: false },
    { bubbleId: 'b-video', amount: 30, label: '看视频', period: 'daily', received: false },
  ];
  return (name, params) => {
    if (name === 'generalActivity.queryUserGoldRichSum') return ok({ sum });
    if (name === 'generalActivity.getUnReceivedGoldRiceList') return ok({ list: bubbles });
    if (name === 'generalActivity.drawGoldRice' || name === 'generalActivity.batchDrawGoldRice') {
      const ids = String(params?.bubbleId ?? params?.bubbleIds).split(',');
      const taken = bubbles.filter((b) => ids.includes(b.bubbleId));
      bubbles = bubbles.filter((b) => !ids.includes(b.bubbleId));
      const received = taken.reduce((s, b) => s + b.amount, 0);
      sum += received;
      return ok({ received, sum });
    }
    if (
      name === 'generalActivity.convertGoldRich' ||
      name === 'generalActivity.convertGoldRich.get'
    ) {
      if (sum < 100) throw apiFailure(409, '金米不足');
      sum -= 100;
      return ok({ chances: 1, spent: 100, sum, remainChance: 2 });
    }
    if (name === 'generalActivity.goldRichDraw') return ok({ prizeName: '10元优惠券' });
    return ok(null);
  };
}

const calls = (services: ReturnType<typeof createFakeServices>, name: string) =>
  services.record.calls.filter((c) => c.name === `generalActivity.${name}`);

describe('gold-rice', () => {
  it('shows the balance divided by 100 and collects one bubble once for a double tap', async () => {
    const server = goldServer();
    const gate = deferred();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) =>
        name === 'generalActivity.drawGoldRice'
          ? gate.promise.then(() => server(name, params))
          : server(name, params),
    });
    renderPage([node()], { services });
    expect(await screen.findByText('12.30')).toBeTruthy();
    const bubble = await screen.findByRole('button', { name: /领取0.10金米/ });
    const user = userEvent.setup();
    await user.click(bubble);
    await user.click(bubble);
    gate.resolve(ok(null));
    expect(await screen.findByText('12.40')).toBeTruthy();
    expect(calls(services, 'drawGoldRice')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: /领取0.10金米/ })).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('已领取0.10金米');
  });

  it('collects every bubble at once through batchDrawGoldRice', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: goldServer() });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '一键领取' }));
    expect(await screen.findByText('12.70')).toBeTruthy();
    expect(calls(services, 'batchDrawGoldRice')[0]?.params?.bubbleIds).toBe('b-visit,b-video');
    expect(await screen.findByText('今日金米已领完，明天再来')).toBeTruthy();
  });

  it('converts after confirming, and shows the refusal when the balance is short', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: goldServer(150) });
    renderPage([node({ bubbles: false })], { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '兑换抽奖机会' }));
    expect(await screen.findByText('0.50')).toBeTruthy();
    expect(services.record.dialogs[0]?.text).toBe('确定用金米兑换1次抽奖机会吗？');
    await user.click(screen.getByRole('button', { name: '兑换抽奖机会' }));
    await waitFor(() => expect(services.record.toasts.map((t) => t.text)).toContain('金米不足'));
    expect(calls(services, 'convertGoldRich')).toHaveLength(2);
  });

  it('converts with the GET twin when convert.method is GET (spec §7 convertGoldRich)', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: goldServer(150) });
    renderPage([node({ bubbles: false, convert: { method: 'GET' } })], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '兑换抽奖机会' }));
    expect(await screen.findByText('0.50')).toBeTruthy();
    expect(calls(services, 'convertGoldRich.get')[0]?.params).toMatchObject({ chances: 1 });
    expect(calls(services, 'convertGoldRich')).toHaveLength(0);
  });

  it('draws with gold rice and announces the prize', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: goldServer() });
    renderPage([node({ bubbles: false })], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '金米抽奖' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('恭喜获得：10元优惠券'),
    );
  });

  it('asks a logged-out visitor to log in', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: goldServer() });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls).toHaveLength(0);
  });

  it('shows an error with a retry that calls again', async () => {
    let fail = true;
    const server = goldServer();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) => {
        if (name === 'generalActivity.queryUserGoldRichSum' && fail) throw new Error('offline');
        return server(name, params);
      },
    });
    renderPage([node()], { services });
    expect((await screen.findByRole('alert')).textContent).toContain('金米加载失败');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('12.30')).toBeTruthy();
    expect(calls(services, 'queryUserGoldRichSum')).toHaveLength(2);
  });

  it('shows the daily gold rice that expires at midnight (getUserVideoExpireGold)', async () => {
    const server = goldServer();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) =>
        name === 'generalActivity.getUserVideoExpireGold'
          ? ok({ amount: 40, expireTime: 0 })
          : server(name, params),
    });
    renderPage([node({ expiringText: '还有{amount}金米今日24点过期' })], { services });
    expect(await screen.findByText('还有0.40金米今日24点过期')).toBeTruthy();
  });
});
