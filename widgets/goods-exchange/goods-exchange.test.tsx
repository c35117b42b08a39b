import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WidgetRegistry } from '../../src/engine/registry/widget-registry';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { ok } from '../../tests/support/widget-test-utils';
import { goodsExchangeMeta } from './meta';
import { goodsExchangeProps } from './schema';

const registry = new WidgetRegistry([
  ['goods-exchange', { meta: goodsExchangeMeta, load: () => import('./goods-exchange') }],
]);

const goods = [
  { goodsId: 'g-5', name: '5元话费券', cost: 20, soldOut: false, exchanged: 0, perUserLimit: 5 },
  {
    goodsId: 'g-band',
    name: '智能手环',
    cost: 5000,
    soldOut: false,
    exchanged: 0,
    perUserLimit: 1,
  },
  { goodsId: 'g-vip', name: '会员周卡', cost: 10, soldOut: true, exchanged: 0, perUserLimit: 1 },
  { goodsId: 'g-cup', name: '保温杯', cost: 10, soldOut: false, exchanged: 1, perUserLimit: 1 },
];

function setup(handler: FakeApiHandler, props: object = {}, loggedIn = true) {
  const services = createFakeServices({ apiHandler: handler, loggedIn });
  const parsed = goodsExchangeProps.parse({
    activityCode: 'points-mall',
    recordsTarget: '/records',
    ...props,
  });
  renderPage([{ type: 'goods-exchange', id: 'mall', props: parsed }], { services, registry });
  return services;
}

describe('goods-exchange', () => {
  it('shows the balance and each goods state: buyable, short, sold out, limit', async () => {
    setup((name) => (name === 'points.balance' ? ok({ balance: 100 }) : ok({ list: goods })));
    expect(await screen.findByText('100')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '立即兑换：5元话费券' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '积分不足：智能手环' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: '已兑完：会员周卡' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: '已达上限：保温杯' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('confirms, exchanges by the configured call, shows the result and re-reads the balance', async () => {
    let balance = 100;
    const services = setup((name, params) => {
      if (name === 'points.balance') return ok({ balance });
      if (name === 'points.exchange') {
        expect(params).toMatchObject({ activityCode: 'points-mall', goodsId: 'g-5' });
        balance = 80;
        return ok({ balance: 80 });
      }
      return ok({ list: goods });
    });
    await userEvent.click(await screen.findByRole('button', { name: '立即兑换：5元话费券' }));
    await waitFor(() => expect(screen.getByText('80')).toBeTruthy());
    expect(services.record.dialogs.map((d) => d.text)).toEqual([
      '确定使用20积分兑换「5元话费券」吗？',
      '「5元话费券」已放入您的账户',
    ]);
    const names = services.record.calls.map((c) => c.name);
    expect(names.filter((n) => n === 'points.balance').length).toBeGreaterThanOrEqual(2);
    await waitFor(() =>
      expect(services.record.calls.filter((c) => c.name === 'points.goods').length).toBe(2),
    );
  });

  it('a refused exchange says why in Chinese and spends nothing', async () => {
    const services = setup((name) => {
      if (name === 'points.balance') return ok({ balance: 100 });
      if (name === 'points.exchange')
        return Promise.reject(Object.assign(new Error('x'), { code: 409, error: 'SOLD_OUT' }));
      return ok({ list: goods });
    });
    await userEvent.click(await screen.findByRole('button', { name: '立即兑换：5元话费券' }));
    await waitFor(() =>
      expect(services.record.toasts.map((t) => t.text)).toEqual(['已经被抢光了']),
    );
  });

  it('logged out: the goods, a login prompt, and no balance call', async () => {
    const services = setup(() => ok({ list: goods }), {}, false);
    expect(await screen.findByText('登录后查看积分并兑换')).toBeTruthy();
    expect(await screen.findByText('5元话费券')).toBeTruthy();
    expect(services.record.calls.map((c) => c.name)).toEqual(['points.goods']);
  });

  it('a failed goods load is an error with retry, not "no goods"', async () => {
    let fail = true;
    setup((name) => {
      if (name === 'points.balance') return ok({ balance: 1 });
      return fail ? Promise.reject(new Error('down')) : ok({ list: goods });
    });
    expect(await screen.findByText('商品加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无可兑换的商品')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('5元话费券')).toBeTruthy();
  });

  it('gold rice: cents divided by 100, fixed goods with their own params', async () => {
    const services = setup(
      (name) => (name === 'generalActivity.queryUserGoldRichSum' ? ok({ sum: 250 }) : ok({})),
      {
        unit: '金米',
        balance: { call: 'generalActivity.queryUserGoldRichSum', field: 'sum', divisor: 100 },
        goods: [{ goodsId: 'chance', name: '1次抽奖机会', cost: 1, params: { count: 1 } }],
        exchange: { call: 'generalActivity.convertGoldRich', idParam: 'item' },
      },
    );
    expect(await screen.findByText('2.5')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '立即兑换：1次抽奖机会' }));
    await waitFor(() =>
      expect(
        services.record.calls.find((c) => c.name === 'generalActivity.convertGoldRich')?.params,
      ).toEqual({
        activityCode: 'points-mall',
        count: 1,
        item: 'chance',
      }),
    );
    expect(services.record.calls.some((c) => c.name === 'points.goods')).toBe(false);
  });

  it('a balance card: the balance and its links, no goods call', async () => {
    const services = setup(() => ok({ balance: 7 }), {
      showGoods: false,
      exchangeTarget: '/exchange',
    });
    expect(await screen.findByText('7')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去兑换' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '兑换记录' })).toBeTruthy();
    expect(services.record.calls.map((c) => c.name)).toEqual(['points.balance']);
  });

  it('refuses a call that is not in the catalogue', () => {
    expect(goodsExchangeProps.safeParse({ exchange: { call: 'points.nope' } }).success).toBe(false);
  });
});
