import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import type { Environment, NativeBridge } from '../../src/services/types';
import { ok } from '../../tests/support/widget-test-utils';
import { vipGoodsProps } from './schema';
import { payVersionOf } from './vip-goods';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'vip-goods',
  id: 'vip',
  props: vipGoodsProps.parse({
    activityCode: 'demo-luckdraw',
    pollIntervalMs: 500,
    showOrders: true,
    ...props,
  }),
});

const GOODS = [
  {
    goodsId: 'vip-month',
    name: '视频会员月卡',
    priceCents: 1500,
    originalPriceCents: 2500,
    days: 31,
  },
  {
    goodsId: 'vip-year',
    name: '视频会员年卡',
    priceCents: 14800,
    originalPriceCents: 0,
    days: 366,
  },
];

/** Answers like server/src/routes/video-vip.ts; the cashier's result marks the order paid. */
function vipServer(opts: { payAfterQueries?: number } = {}) {
  const orders: { orderNo: string; goodsName: string; amount: number; status: string }[] = [];
  let queries = 0;
  let memberEnd: number | null = null;
  const handler: FakeApiHandler = (name, params) => {
    if (name === 'videoVip.goodsList') return ok({ list: GOODS });
    if (name === 'videoVip.membership')
      return ok({ active: memberEnd !== null, expireTime: memberEnd });
    if (name === 'videoVip.payFlow') return ok({ total: orders.length, list: [...orders] });
    if (name === 'videoVip.pay' || name === 'videoVip.payV2') {
      const g = GOODS.find((x) => x.goodsId === params?.goodsId)!;
      const order = {
        orderNo: `VV${orders.length}`,
        goodsName: g.name,
        amount: g.priceCents,
        status: 'created',
      };
      orders.unshift(order);
      return ok(
        name === 'videoVip.pay'
          ? { ...order, currency: 'CNY', subject: g.name, expireTime: 1, sign: 'sig' }
          : { ...order, orderInfo: 'opaque' },
      );
    }
    if (name === 'videoVip.query') {
      queries += 1;
      const order = orders.find((o) => o.orderNo === params?.orderNo)!;
      if (queries > (opts.payAfterQueries ?? 1) && order.status === 'created') {
        order.status = 'paid';
        memberEnd = Date.parse('2025-07-11T02:00:00Z');
      }
      return ok({ ...order });
    }
    return ok(null);
  };
  return { handler, orders };
}

function bridgeWith(methods: string[], code = 0) {
  const paid: { order: Record<string, unknown>; version: string | undefined }[] = [];
  const bridge: NativeBridge = {
    ...createFakeServices().bridge,
    available: methods.length > 0,
    supports: (m) => methods.includes(m),
    pay: async (order, version) => {
      paid.push({ order, version });
      return { code };
    },
  };
  return { bridge, paid };
}

describe('vip-goods', () => {
  it('lists the goods with prices for visitors, and asks them to log in to buy', async () => {
    const services = createFakeServices({ apiHandler: vipServer().handler });
    renderPage([node()], { services });
    expect(await screen.findByText('视频会员月卡')).toBeTruthy();
    expect(screen.getByText('15.00')).toBeTruthy();
    expect(screen.getByText('登录后开通会员', { exact: false })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '立即开通：视频会员月卡' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls.some((c) => c.name === 'videoVip.pay')).toBe(false);
  });

  it('spec §8: in a plain browser the upgrade toast shows and no order is opened', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: vipServer().handler });
    renderPage([node()], { services });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: '立即开通：视频会员月卡' }));
    await waitFor(() =>
      expect(services.record.toasts.map((t) => t.text)).toContain(
        '当前版本暂不支持支付，请升级APP至最新版本后再支付',
      ),
    );
    expect(
      services.record.calls.some((c) => c.name === 'videoVip.pay' || c.name === 'videoVip.payV2'),
    ).toBe(false);
  });

  it('pays through the cashier, queries until paid, then shows the membership and the order', async () => {
    const server = vipServer({ payAfterQueries: 2 });
    const { bridge, paid } = bridgeWith(['pay']);
    const services = createFakeServices({ loggedIn: true, apiHandler: server.handler, bridge });
    renderPage([node()], { services });
    expect(await screen.findByText('您还未开通会员')).toBeTruthy();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: '立即开通：视频会员月卡' }));
    await waitFor(
      () => expect(services.record.toasts.map((t) => t.text)).toContain('开通成功，会员权益已到账'),
      { timeout: 4000 },
    );
    expect(paid).toEqual([
      {
        order: {
          orderNo: 'VV0',
          amount: 1500,
          currency: 'CNY',
          subject: '视频会员月卡',
          expireTime: 1,
          sign: 'sig',
        },
        version: 'v1',
      },
    ]);
    expect(await screen.findByText('会员有效期至2025-07-11')).toBeTruthy();
    expect(await screen.findByText('已支付')).toBeTruthy();
  });

  it('a cancelled cashier leaves the order unpaid and says so', async () => {
    const { bridge } = bridgeWith(['pay', 'payV2'], -1);
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: vipServer().handler,
      bridge,
    });
    renderPage([node()], { services });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: '立即开通：视频会员年卡' }));
    await waitFor(() => expect(services.record.toasts.map((t) => t.text)).toContain('支付未完成'));
    expect(services.record.calls.some((c) => c.name === 'videoVip.query')).toBe(false);
  });

  it('chooses payV2 from the configured app version on', () => {
    const both = { supports: (m: string) => m === 'pay' || m === 'payV2' };
    const from = { finance: '8.73.0', wallet: '6.73.0' };
    const env = (host: Environment['host'], appVersion: string | null) => ({ host, appVersion });
    expect(payVersionOf(both, env('finance', '8.80.0'), from)).toBe('v2');
    expect(payVersionOf(both, env('finance', '8.50.0'), from)).toBe('v1');
    expect(payVersionOf(both, env('video', '1.0.0'), from)).toBe('v2');
    expect(payVersionOf({ supports: (m) => m === 'pay' }, env('finance', '9.0.0'), from)).toBe(
      'v1',
    );
    expect(payVersionOf({ supports: () => false }, env('browser', null), from)).toBeNull();
  });
});
