import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, deferred, ok } from '../../tests/support/widget-test-utils';
import { couponListProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'coupon-list',
  id: 'coupons',
  props: couponListProps.parse({ activityCode: 'demo-luckdraw', ...props }),
});

const COUPONS = [
  {
    couponId: 'c-10',
    name: '满100减10',
    desc: '银行卡支付满100元可用',
    amount: 1000,
    threshold: 10000,
    perUserLimit: 2,
    remaining: 50,
  },
  {
    couponId: 'c-50',
    name: '满500减50',
    desc: '',
    amount: 5000,
    threshold: 50000,
    perUserLimit: 1,
    remaining: 0,
  },
];

/** A tiny in-memory coupon server answering like server/src/routes/coupons.ts. */
function couponServer(): FakeApiHandler {
  const held = new Map<string, number>();
  return (name, params) => {
    if (name === 'generalActivityCoupon.getByConfigId2C') return ok({ list: COUPONS });
    if (name === 'generalActivityCoupon.getBynUserData' || name === 'configActivity.couponUserInfo')
      return ok({
        total: [...held.values()].reduce((a, b) => a + b, 0),
        list: [...held].map(([couponId]) => ({ couponId })),
        coupons: COUPONS.map((c) => ({ ...c, claimed: held.get(c.couponId) ?? 0 })),
      });
    if (name === 'generalActivityCoupon.getBynCouponUrlMap')
      return ok({ map: { 'c-10': 'mipay://coupon/use?id=c-10' } });
    if (name === 'generalActivityCoupon.drawCoupon' || name === 'configActivity.sendCoupon') {
      const id = String(params?.couponId);
      const limit = COUPONS.find((c) => c.couponId === id)?.perUserLimit ?? 0;
      const count = held.get(id) ?? 0;
      if (count >= limit) throw apiFailure(409, '已达领取上限');
      held.set(id, count + 1);
      return ok({ couponId: id, claimed: count + 1 });
    }
    return ok(null);
  };
}

const claims = (services: ReturnType<typeof createFakeServices>) =>
  services.record.calls.filter((c) => c.name === 'generalActivityCoupon.drawCoupon');

describe('coupon-list', () => {
  it('shows claimable and sold-out coupons with their amounts', async () => {
    renderPage([node()], {
      services: createFakeServices({ loggedIn: true, apiHandler: couponServer() }),
    });
    const first = (await screen.findByText('满100减10')).closest('li')!;
    expect(within(first).getByText('10')).toBeTruthy();
    expect(within(first).getByRole('button', { name: /立即领取/ })).toHaveProperty(
      'disabled',
      false,
    );
    const second = screen.getByText('满500减50').closest('li')!;
    expect(within(second).getByRole('button', { name: /已抢光/ })).toHaveProperty('disabled', true);
  });

  it('sends one request for a double tap', async () => {
    const gate = deferred();
    const server = couponServer();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) =>
        name === 'generalActivityCoupon.drawCoupon'
          ? gate.promise.then(() => server(name, params))
          : server(name, params),
    });
    renderPage([node()], { services });
    const button = await screen.findByRole('button', { name: /立即领取：满100减10/ });
    const user = userEvent.setup();
    await user.click(button);
    await user.click(button);
    expect(claims(services)).toHaveLength(1);
    gate.resolve(ok(null));
    expect(await screen.findByText('已领1/2')).toBeTruthy();
    expect(claims(services)).toHaveLength(1);
  });

  it('claims up to the per-user limit, then shows the limit and the use link', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: couponServer() });
    renderPage([node()], { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /立即领取：满100减10/ }));
    await user.click(await screen.findByRole('button', { name: /再领一张：满100减10/ }));
    const limit = await screen.findByRole('button', { name: /已达上限：满100减10/ });
    expect(limit).toHaveProperty('disabled', true);
    expect(screen.getByText('已领2/2')).toBeTruthy();
    expect(claims(services)).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toContain('领取成功');
    await user.click(screen.getByRole('button', { name: '去使用' }));
    await waitFor(() => expect(services.record.opened).toEqual(['mipay://coupon/use?id=c-10']));
  });

  it('on an activity page claims with sendCoupon and reads the holdings with couponUserInfo (spec §7)', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: couponServer() });
    renderPage([node({ calls: 'activity' })], { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /立即领取：满100减10/ }));
    expect(await screen.findByText('已领1/2')).toBeTruthy();
    const names = services.record.calls.map((c) => c.name);
    expect(names.filter((name) => name === 'configActivity.sendCoupon')).toHaveLength(1);
    expect(names).toContain('configActivity.couponUserInfo');
    expect(names).not.toContain('generalActivityCoupon.drawCoupon');
    expect(names).not.toContain('generalActivityCoupon.getBynUserData');
  });

  it('shows the server message when a claim is refused', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) => {
        if (name === 'generalActivityCoupon.drawCoupon') throw apiFailure(403, '活动已暂停');
        return couponServer()(name, params);
      },
    });
    renderPage([node()], { services });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /立即领取：满100减10/ }));
    await waitFor(() => expect(services.record.toasts.map((t) => t.text)).toContain('活动已暂停'));
  });

  it('shows an error with a retry that calls again', async () => {
    let fail = true;
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) => {
        if (name === 'generalActivityCoupon.getByConfigId2C' && fail) throw new Error('network');
        return couponServer()(name, params);
      },
    });
    renderPage([node()], { services });
    expect((await screen.findByRole('alert')).textContent).toContain('优惠券加载失败');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('满100减10')).toBeTruthy();
    const loads = services.record.calls.filter(
      (c) => c.name === 'generalActivityCoupon.getByConfigId2C',
    );
    expect(loads).toHaveLength(2);
  });

  it('asks a logged-out visitor to log in and sends no user call', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: couponServer() });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls.map((c) => c.name)).not.toContain(
      'generalActivityCoupon.getBynUserData',
    );
    expect(screen.getByRole('button', { name: /立即领取：满100减10/ })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows the empty text when the activity has no coupons', async () => {
    renderPage([node()], {
      services: createFakeServices({ loggedIn: true, apiHandler: () => ok([]) }),
    });
    expect(await screen.findByText('暂无可领取的优惠券')).toBeTruthy();
  });

  it('shows the activity phase on every button before the activity starts', async () => {
    const server = couponServer();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) =>
        name === 'configActivity.getSingleConfigActivity4c'
          ? { code: 1, result: { activityCode: 'demo-luckdraw', status: 'notStarted' } }
          : server(name, params),
    });
    renderPage([node()], { services, document: { activity: { code: 'demo-luckdraw' } } });
    const button = await screen.findByRole('button', { name: /活动未开始：满100减10/ });
    expect(button).toHaveProperty('disabled', true);
  });
});
