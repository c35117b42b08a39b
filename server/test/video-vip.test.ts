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
  amount: number;
  sign?: string;
  orderInfo?: string;
}

describe('video membership orders (routes/video-vip.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '13200000001');
    bob = await login(t.app, '13200000002');
  });
  afterAll(() => t.close());
  const query = (orderNo: string, cookie: string | null) =>
    c.get(`${V}/query`, { orderNo }, cookie);

  it('lists the goods of the activity', async () => {
    const list = body<{ list: { goodsId: string; priceCents: number }[] }>(
      await c.get(`${V}/goodsList`, A, null),
    ).result.list;
    expect(list.map((g) => g.goodsId)).toEqual(['vip-month', 'vip-year']);
  });

  it('creates one order per idempotency key and returns the cashier fields', async () => {
    const first = body<Order>(await c.get(`${V}/pay`, month, ann, 'pay-key-000001')).result;
    expect(first).toMatchObject({ status: 'created', amount: 1500, currency: 'CNY' });
    expect(first.orderNo).toMatch(/^VV20250610[0-9a-f]{16}$/);
    expect(first.sign).toMatch(/^[0-9a-f]{64}$/);
    const retry = body<Order>(await c.get(`${V}/pay`, month, ann, 'pay-key-000001')).result;
    expect(retry).toEqual(first);
    const v2 = body<Order>(await c.get(`${V}/payV2`, month, ann, 'pay-key-000001')).result;
    expect(v2.orderNo).toBe(first.orderNo);
    const info = JSON.parse(Buffer.from(v2.orderInfo ?? '', 'base64url').toString()) as Order;
    expect(info).toMatchObject({ orderNo: first.orderNo, amount: 1500, sign: first.sign });
    const other = body<Order>(await c.get(`${V}/pay`, month, ann, 'pay-key-000002')).result;
    expect(other.orderNo).not.toBe(first.orderNo);
    const conflict = await c.get(`${V}/pay`, { ...A, goodsId: 'vip-year' }, ann, 'pay-key-000001');
    expect(conflict.statusCode).toBe(422);
    const flow = body<{ total: number }>(await c.get(`${V}/payFlow`, A, ann)).result;
    expect(flow.total).toBe(2);
  });

  it('parallel retries with one key make one order', async () => {
    const all = await Promise.all(
      Array.from({ length: 5 }, () => c.get(`${V}/pay`, month, bob, 'pay-key-parallel')),
    );
    const numbers = new Set(all.map((res) => body<Order>(res).result.orderNo));
    expect(numbers.size).toBe(1);
    const rows = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM video_vip_orders WHERE idempotency_key = 'pay-key-parallel'",
    );
    expect(rows.rows[0]?.n).toBe(1);
  });

  it("reads the caller's order state and never another user's order", async () => {
    const order = body<Order>(await c.get(`${V}/pay`, month, ann, 'pay-key-000003')).result;
    expect(body<Order>(await query(order.orderNo, ann)).result.status).toBe('created');
    const theirs = await query(order.orderNo, bob);
    expect(theirs.statusCode).toBe(404);
    expect(body(await c.get(`${V}/payFlow`, {}, bob)).result).toMatchObject({ total: 1 });
    // Same key, other user: a separate order.
    const bobs = body<Order>(await c.get(`${V}/pay`, month, bob, 'pay-key-000003')).result;
    expect(bobs.orderNo).not.toBe(order.orderNo);
    t.setNow('2025-06-10T10:20:00+08:00');
    expect(body<Order>(await query(order.orderNo, ann)).result.status).toBe('closed');
    t.setNow('2025-06-10T10:00:00+08:00');
  });

  it('refuses anonymous callers and bad input', async () => {
    for (const call of ['pay', 'payV2', 'payFlow']) {
      expect((await c.get(`${V}/${call}`, month, null, 'pay-key-000009')).statusCode, call).toBe(
        401,
      );
    }
    expect((await query('VV20250610aaaaaaaaaaaaaaaa', null)).statusCode).toBe(401);
    expect((await c.get(`${V}/pay`, month, ann)).statusCode).toBe(400);
    expect((await c.get(`${V}/pay`, month, ann, 'short')).statusCode).toBe(400);
    const unknown = await c.get(`${V}/pay`, { ...A, goodsId: 'nope' }, ann, 'pay-key-000010');
    expect(unknown.statusCode).toBe(400);
    for (const orderNo of ['', '1', "VV' OR 1=1", 'VV20250610AAAAAAAAAAAAAAAA']) {
      expect((await query(orderNo, ann)).statusCode, orderNo).toBe(400);
    }
    expect((await c.get(`${V}/goodsList`, {}, null)).statusCode).toBe(400);
  });
});
