import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const I = '/mp/api/installment';
const A = { activityCode: 'demo-luckdraw' };
const credit = { ...A, productId: 'phone-12', amount: 100_000, term: 12 };

describe('installment (routes/installment.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '13300000001');
    bob = await login(t.app, '13300000002');
  });
  afterAll(() => t.close());
  const userInfo = async (cookie: string) =>
    body<Record<string, number>>(await c.post(`${I}/getUserInfo`, A, cookie)).result;

  it('lists products and gives the server time', async () => {
    const list = body<{ list: { productId: string; reminded: boolean }[] }>(
      await c.post(`${I}/getProductInfos`, A, null),
    ).result.list;
    expect(list.map((p) => p.productId)).toEqual(['phone-12', 'cash-loan']);
    const time = body(await c.get(`${I}/getCurrentTime`, {}, null)).result;
    expect(time).toEqual({
      currentTime: Date.parse('2025-06-10T10:00:00+08:00'),
      serverTime: Date.parse('2025-06-10T10:00:00+08:00'),
      iso: '2025-06-10T02:00:00.000Z',
    });
  });

  it('records a credit with its subsidy, once per idempotency key', async () => {
    const first = body<{ recordId: number; subsidy: number }>(
      await c.post(`${I}/addCreditRecord`, credit, ann, 'credit-key-0001'),
    ).result;
    // subsidyBps 200 = 2 % of 1000.00
    expect(first).toMatchObject({
      productId: 'phone-12',
      amount: 100_000,
      term: 12,
      subsidy: 2000,
    });
    const again = body(await c.post(`${I}/addCreditRecord`, credit, ann, 'credit-key-0001')).result;
    expect(again).toEqual(first);
    expect(await userInfo(ann)).toMatchObject({
      creditUsed: 100_000,
      subsidyEarned: 2000,
      recordCount: 1,
    });
    expect(await userInfo(bob)).toMatchObject({ creditUsed: 0, subsidyEarned: 0, recordCount: 0 });
    const history = body<{ total: number; list: { saved: number }[] }>(
      await c.post(`${I}/getSavedHistory`, A, ann),
    ).result;
    expect(history).toMatchObject({ total: 1, list: [{ saved: 2000 }] });
    expect(body(await c.post(`${I}/getSavedHistory`, A, bob)).result).toMatchObject({ total: 0 });
  });

  it('caps the subsidy and the credit limit', async () => {
    // 3 x 1,000,000 at 2 % = 20,000 each; the cap is 20,000 in all.
    for (let i = 0; i < 2; i += 1) {
      const res = await c.post(`${I}/addCreditRecord`, { ...credit, amount: 1_000_000 }, bob);
      expect(res.statusCode).toBe(200);
    }
    expect(await userInfo(bob)).toMatchObject({ subsidyEarned: 20_000, creditUsed: 2_000_000 });
    expect(body(await c.get(`${I}/reachLimit`, A, bob)).result).toMatchObject({
      reachLimit: true,
    });
    expect(body(await c.get(`${I}/reachLimit`, A, ann)).result).toMatchObject({
      reachLimit: false,
    });
    // Credit limit 5,000,000: 2,000,000 + 1,000,000 x 3 would pass it.
    for (let i = 0; i < 3; i += 1) {
      await c.post(`${I}/addCreditRecord`, { ...credit, amount: 1_000_000 }, bob);
    }
    expect(await userInfo(bob)).toMatchObject({ creditUsed: 5_000_000, creditAvailable: 0 });
    const over = await c.post(`${I}/addCreditRecord`, { ...credit, amount: 50_000 }, bob);
    expect(over.statusCode).toBe(409);
  });

  it('adds a reminder once per product', async () => {
    const add = () => c.post(`${I}/addRemind`, { ...A, productId: 'cash-loan' }, ann);
    expect(body(await add()).result).toEqual({ reminded: true, firstTime: true });
    expect(body(await add()).result).toEqual({ reminded: true, firstTime: false });
    const mine = body<{ list: { productId: string; reminded: boolean }[] }>(
      await c.post(`${I}/getProductInfos`, A, ann),
    ).result.list;
    expect(mine.find((p) => p.productId === 'cash-loan')?.reminded).toBe(true);
    const theirs = body<{ list: { reminded: boolean }[] }>(
      await c.post(`${I}/getProductInfos`, A, bob),
    ).result.list;
    expect(theirs.every((p) => !p.reminded)).toBe(true);
  });

  it('refuses anonymous callers and bad input', async () => {
    for (const call of ['getUserInfo', 'getSavedHistory', 'addCreditRecord', 'addRemind']) {
      expect((await c.post(`${I}/${call}`, credit, null)).statusCode, call).toBe(401);
    }
    expect((await c.get(`${I}/reachLimit`, A, null)).statusCode).toBe(401);
    for (const bad of [
      { ...credit, amount: 10 },
      { ...credit, amount: 99_000_000 },
      { ...credit, amount: 'lots' },
      { ...credit, term: 7 },
      { ...credit, productId: 'nope' },
      { ...A, productId: 'phone-12' },
    ]) {
      const res = await c.post(`${I}/addCreditRecord`, bad, ann);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await c.post(`${I}/addCreditRecord`, credit, ann, 'bad key')).statusCode).toBe(400);
    expect((await c.post(`${I}/addRemind`, { ...A, productId: 'x' }, ann)).statusCode).toBe(400);
    expect(await userInfo(ann)).toMatchObject({ recordCount: 1 });
  });
});
