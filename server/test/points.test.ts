import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityConfigSchema } from '../src/config/activity-config';
import { checkActivity } from '../src/config/load-activities';
import { caller } from './call-helpers';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const P = '/mp/api/points';
const G = '/mp/api/generalActivity';
const CODE = 'points-mall';

interface Goods {
  goodsId: string;
  cost: number;
  exchanged: number;
  soldOut: boolean;
}
interface Row {
  title: string;
  amount: number;
  change: string;
  reason: string;
}

// Points (routes of ours: spec §7 names no points call; ../shared/BREADTH.md point 4).
describe('points: earn by tasks and sign-in, spend by exchange', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let cookie: string;
  const balance = async (c = cookie, code = CODE) =>
    body<{ balance: number }>(await call.get(`${P}/balance`, { activityCode: code }, c)).result
      .balance;

  beforeAll(async () => {
    t = await createTestApp({
      editActivities: (m) => {
        const a = m.get(CODE);
        if (!a) return;
        m.set(CODE, {
          ...a,
          points: {
            ...a.points,
            goods: a.points.goods.map((g) =>
              g.goodsId === 'pm-vip-week' ? { ...g, stock: 1 } : g,
            ),
          },
        });
      },
    });
    call = caller(t);
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('a task pays its points once per period, sign-in pays too', async () => {
    expect(await balance()).toBe(0);
    const task = { activityCode: CODE, taskId: 'pm-browse-wallet' };
    expect((await call.get(`${G}/completeTask`, task, cookie)).statusCode).toBe(200);
    expect((await call.get(`${G}/completeTask`, task, cookie)).statusCode).toBe(200);
    expect(await balance()).toBe(20);
    expect((await call.post(`${G}/signIn`, { activityCode: CODE }, cookie)).statusCode).toBe(200);
    expect(await balance()).toBe(30);
  });

  it('lists goods with the visitor count and sold-out flag, never the stock figure', async () => {
    const res = await call.get(`${P}/goods`, { activityCode: CODE }, null);
    const list = body<{ list: Goods[] }>(res).result.list;
    expect(list.map((g) => g.goodsId)).toEqual([
      'pm-phone-5',
      'pm-shop-10',
      'pm-vip-week',
      'pm-band',
    ]);
    expect(res.body).not.toMatch(/"stock"|"remaining"/);
  });

  it('exchange spends the cost, hands out the coupon and writes the records', async () => {
    const res = await call.post(
      `${P}/exchange`,
      { activityCode: CODE, goodsId: 'pm-phone-5' },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const result = body<{ balance: number; userCouponId: number }>(res).result;
    expect(result.balance).toBe(10);
    expect(result.userCouponId).toBeGreaterThan(0);
    expect(await balance()).toBe(10);
    const mine = body<{ list: { couponId: string }[] }>(
      await call.post(
        '/mp/api/generalActivityCoupon/getBynUserData',
        { activityCode: CODE },
        cookie,
      ),
    ).result.list;
    expect(mine.map((c) => c.couponId)).toEqual(['pm-coupon-5']);
    const records = body<{ list: Row[] }>(
      await call.get(`${P}/records`, { activityCode: CODE }, cookie),
    ).result.list;
    expect(records.map((r) => [r.reason, r.amount])).toEqual([
      ['exchange', -20],
      ['signIn:daily', 10],
      ['task', 20],
    ]);
    expect(records[0]?.title).toBe('积分兑换：5元话费券');
    expect(records[0]?.change).toBe('-20积分');
    expect(records[2]?.title).toBe('完成任务：逛钱包首页15秒');
    const spend = body<{ list: Row[] }>(
      await call.get(`${P}/records`, { activityCode: CODE, kind: 'spend' }, cookie),
    ).result.list;
    expect(spend).toHaveLength(1);
  });

  it('refuses without enough points, and nothing moves', async () => {
    const res = await call.post(
      `${P}/exchange`,
      { activityCode: CODE, goodsId: 'pm-shop-10' },
      cookie,
    );
    expect(res.statusCode).toBe(409);
    expect(body(res).error).toBe('INSUFFICIENT_POINTS');
    expect(await balance()).toBe(10);
    const goods = body<{ list: Goods[] }>(
      await call.get(`${P}/goods`, { activityCode: CODE }, cookie),
    ).result.list;
    // The per-user count rolled back with the refused spend.
    expect(goods.find((g) => g.goodsId === 'pm-shop-10')?.exchanged).toBe(0);
    expect(goods.find((g) => g.goodsId === 'pm-phone-5')?.exchanged).toBe(1);
  });

  it('stops at the per-user limit and at the stock', async () => {
    const rich = await login(t.app, '13800000077');
    await t.db.query(
      `INSERT INTO points_balances (user_id, activity_code, balance) VALUES ($1, $2, 10000)`,
      [userIdOf(rich), CODE],
    );
    const once = await call.post(
      `${P}/exchange`,
      { activityCode: CODE, goodsId: 'pm-vip-week' },
      rich,
    );
    expect(once.statusCode).toBe(200);
    const twice = await call.post(
      `${P}/exchange`,
      { activityCode: CODE, goodsId: 'pm-vip-week' },
      rich,
    );
    expect(body(twice).error).toBe('LIMIT_REACHED');
    const other = await call.post(
      `${P}/exchange`,
      { activityCode: CODE, goodsId: 'pm-vip-week' },
      cookie,
    );
    expect(body(other).error).toBe('SOLD_OUT');
    const goods = body<{ list: Goods[] }>(
      await call.get(`${P}/goods`, { activityCode: CODE }, null),
    ).result.list;
    expect(goods.find((g) => g.goodsId === 'pm-vip-week')?.soldOut).toBe(true);
    expect(await balance(rich)).toBe(9700);
  });

  it('a retried exchange with the same key spends once and answers the same', async () => {
    const c = await login(t.app, '13800000078');
    await t.db.query(
      `INSERT INTO points_balances (user_id, activity_code, balance) VALUES ($1, $2, 100)`,
      [userIdOf(c), CODE],
    );
    const params = { activityCode: CODE, goodsId: 'pm-phone-5' };
    const a = await call.post(`${P}/exchange`, params, c, 'exchange-retry-0001');
    const b = await call.post(`${P}/exchange`, params, c, 'exchange-retry-0001');
    expect(body(b).result).toEqual(body(a).result);
    expect(await balance(c)).toBe(80);
  });

  it('needs a login for the balance and the exchange', async () => {
    expect((await call.get(`${P}/balance`, { activityCode: CODE }, null)).statusCode).toBe(401);
    const res = await call.post(
      `${P}/exchange`,
      { activityCode: CODE, goodsId: 'pm-phone-5' },
      null,
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('NFC points: tasks and the supplement', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let cookie: string;
  const N = '/mp/api/nfcIntegral';
  const CODE_NFC = 'nfc-integral';

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('queryNfcTask lists the NFC tasks; completing one pays NFC points', async () => {
    const list = body<{ list: { taskId: string }[] }>(
      await call.post(`${G}/queryNfcTask`, { activityCode: CODE_NFC }, cookie),
    ).result.list;
    expect(list.map((x) => x.taskId)).toEqual(['nfc-open-card', 'nfc-ride', 'nfc-pay']);
    await call.get(`${G}/completeTask`, { activityCode: CODE_NFC, taskId: 'nfc-ride' }, cookie);
    const res = await call.get(`${P}/balance`, { activityCode: CODE_NFC }, cookie);
    expect(body(res).result).toEqual({ balance: 20, name: 'NFC积分' });
  });

  it('stores a supplement once per trade and lists it', async () => {
    const form = {
      activityCode: CODE_NFC,
      tradeDate: '2025-06-09',
      amount: '12.5',
      merchant: '地铁2号线',
      tradeRef: 'T20250609-01',
      useAccountPhone: 'true',
    };
    const first = await call.post(`${N}/supplement`, form, cookie);
    expect(first.statusCode).toBe(200);
    expect(body(first).result).toMatchObject({ status: 'pending' });
    const stored = await t.db.query<{ phone: string }>('SELECT phone FROM nfc_supplements');
    expect(stored.rows[0]?.phone).toBe('13800000001');
    const again = await call.post(`${N}/supplement`, form, cookie);
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toBe('ALREADY_SUBMITTED');
    const future = await call.post(
      `${N}/supplement`,
      { ...form, tradeDate: '2025-06-11', tradeRef: 'T2' + 'x'.repeat(3) },
      cookie,
    );
    expect(future.statusCode).toBe(400);
    const list = body<{ list: { title: string; tradeDate: string; status: string }[] }>(
      await call.get(`${N}/supplements`, { activityCode: CODE_NFC }, cookie),
    ).result.list;
    expect(list).toEqual([
      expect.objectContaining({
        title: '地铁2号线 · 12.50元',
        tradeDate: '2025-06-09',
        status: 'pending',
      }),
    ]);
  });
});

describe('points goods in an activity file', () => {
  const base = {
    id: 9999,
    activityCode: 'x',
    title: 'x',
    window: { start: '2025-01-01T00:00:00+08:00', end: '2026-01-01T00:00:00+08:00' },
  };
  const goods = { goodsId: 'g', name: 'g', cost: 1, stock: null, perUserLimit: 1 };

  it('refuses goods naming an unknown coupon and duplicate goods ids', () => {
    const a = activityConfigSchema.parse({
      ...base,
      points: { goods: [{ ...goods, couponId: 'nope' }, goods] },
    });
    expect(checkActivity(a)).toEqual([
      'duplicate goodsId g',
      'points goods g names unknown coupon nope',
    ]);
  });
});
