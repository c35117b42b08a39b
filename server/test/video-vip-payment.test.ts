import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const V = '/mp/api/video/vip';
const A = { activityCode: 'demo-luckdraw' };
const month = { ...A, goodsId: 'vip-month' };

interface Order {
  orderNo: string;
  status: string;
  sign: string;
  orderInfo?: string;
  paidTime: number | null;
}
interface Membership {
  active: boolean;
  expireTime: number | null;
  paidOrders: number;
  totalDays: number;
}

describe('video VIP payment: the sandbox cashier completes an order once and grants the days', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { sandboxCashier: true } });
    c = caller(t);
    ann = await login(t.app, '13200000101');
    bob = await login(t.app, '13200000102');
  });
  afterAll(() => t.close());
  const membership = async (cookie: string) =>
    body<Membership>(await c.get(`${V}/membership`, A, cookie)).result;

  it('pays, grants the goods days, and a repeated result changes nothing', async () => {
    expect(await membership(ann)).toMatchObject({ active: false, expireTime: null });
    const order = body<Order>(await c.get(`${V}/pay`, month, ann, 'pay-ann-000001')).result;
    const paid = await c.post(
      `${V}/sandboxCashier`,
      { orderNo: order.orderNo, sign: order.sign },
      ann,
    );
    expect(body(paid).result).toMatchObject({ status: 'paid', firstTime: true });
    const queried = body<Order>(await c.get(`${V}/query`, { orderNo: order.orderNo }, ann)).result;
    expect(queried.status).toBe('paid');
    expect(queried.paidTime).toBe(Date.parse('2025-06-10T10:00:00+08:00'));
    const m = await membership(ann);
    expect(m).toMatchObject({ active: true, paidOrders: 1, totalDays: 31 });
    expect(m.expireTime).toBe(Date.parse('2025-07-11T10:00:00+08:00'));
    const again = await c.post(
      `${V}/sandboxCashier`,
      { orderNo: order.orderNo, sign: order.sign },
      ann,
    );
    expect(body(again).result).toMatchObject({ status: 'paid', firstTime: false });
    expect((await membership(ann)).totalDays).toBe(31);
  });

  it('a second order extends from the current end (payV2 orderInfo carries the sign)', async () => {
    const v2 = body<Order>(await c.get(`${V}/payV2`, month, ann, 'pay-ann-000002')).result;
    const info = JSON.parse(Buffer.from(v2.orderInfo ?? '', 'base64url').toString()) as Order;
    await c.post(`${V}/sandboxCashier`, { orderNo: v2.orderNo, sign: info.sign }, ann);
    const m = await membership(ann);
    expect(m.expireTime).toBe(Date.parse('2025-08-11T10:00:00+08:00'));
    expect(m.paidOrders).toBe(2);
  });

  it('parallel results pay once', async () => {
    const order = body<Order>(await c.get(`${V}/pay`, month, bob, 'pay-bob-000001')).result;
    const all = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.post(`${V}/sandboxCashier`, { orderNo: order.orderNo, sign: order.sign }, bob),
      ),
    );
    const first = all.map((r) => body<{ firstTime: boolean }>(r).result.firstTime);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect((await membership(bob)).totalDays).toBe(31);
  });

  it('refuses a wrong signature, another user, and an expired order', async () => {
    const order = body<Order>(await c.get(`${V}/pay`, month, bob, 'pay-bob-000002')).result;
    const forged = await c.post(
      `${V}/sandboxCashier`,
      { orderNo: order.orderNo, sign: '0'.repeat(64) },
      bob,
    );
    expect(forged.statusCode).toBe(400);
    const stranger = await c.post(
      `${V}/sandboxCashier`,
      { orderNo: order.orderNo, sign: order.sign },
      ann,
    );
    expect(stranger.statusCode).toBe(404);
    t.setNow('2025-06-10T10:30:00+08:00');
    const late = await c.post(
      `${V}/sandboxCashier`,
      { orderNo: order.orderNo, sign: order.sign },
      bob,
    );
    expect(late.statusCode).toBe(409);
    expect(body(late).error).toBe('ORDER_CLOSED');
    t.setNow('2025-06-10T10:00:00+08:00');
  });

  it('is off unless the server enables it', async () => {
    const off = await createTestApp();
    try {
      const cookie = await login(off.app, '13200000103');
      const oc = caller(off);
      const order = body<Order>(await oc.get(`${V}/pay`, month, cookie, 'pay-off-000001')).result;
      const res = await oc.post(
        `${V}/sandboxCashier`,
        { orderNo: order.orderNo, sign: order.sign },
        cookie,
      );
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
