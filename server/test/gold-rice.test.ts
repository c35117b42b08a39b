import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const CODE = 'demo-luckdraw';
const A = `activityCode=${CODE}`;

describe('gold rice and coins', () => {
  let t: TestApp;
  let cookie: string;
  const get = (url: string, c = cookie, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: c, ...headers } });
  const post = (url: string, payload: object, c = cookie, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: c, ...headers } });
  const sum = async (c = cookie) =>
    body<{ sum: number }>(await get(`${G}/queryUserGoldRichSum?${A}`, c)).result.sum;
  const ledgerSum = async (c = cookie) =>
    Number(
      (
        await t.db.query<{ s: number }>(
          'SELECT COALESCE(SUM(amount_cents), 0)::int AS s FROM gold_rice_ledger WHERE user_id = $1',
          [userIdOf(c)],
        )
      ).rows[0]?.s,
    );

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('starts at 0 cents and lists the bubbles on offer', async () => {
    expect(await sum()).toBe(0);
    const list = body<{ list: { bubbleId: string }[] }>(
      await get(`${G}/getUnReceivedGoldRiceList?${A}`),
    );
    expect(list.result.list.map((b) => b.bubbleId)).toEqual([
      'b-daily-visit',
      'b-daily-video',
      'b-welcome',
    ]);
    const expiring = body<{ amount: number; expireTime: number }>(
      await get(`${G}/getUserVideoExpireGold?${A}`),
    );
    expect(expiring.result).toEqual({
      amount: 40,
      expireTime: Date.parse('2025-06-11T00:00:00+08:00'),
    });
  });

  it('collects a bubble once per period, also under concurrent calls', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(`${G}/drawGoldRice`, { activityCode: CODE, bubbleId: 'b-daily-visit' }),
      ),
    );
    const got = results.map((r) => body<{ received: number }>(r).result.received);
    expect(got.filter((x) => x === 10)).toHaveLength(1);
    expect(got.filter((x) => x === 0)).toHaveLength(5);
    expect(await sum()).toBe(10);
    const batch = body<{ received: number }>(
      await post(`${G}/batchDrawGoldRice`, { activityCode: CODE }),
    );
    expect(batch.result.received).toBe(130);
    expect(await sum()).toBe(140);
    expect(await ledgerSum()).toBe(140);
    const left = body<{ list: unknown[] }>(await get(`${G}/getUnReceivedGoldRiceList?${A}`));
    expect(left.result.list).toHaveLength(0);
    t.setNow('2025-06-11T09:00:00+08:00');
    const next = body<{ list: { bubbleId: string }[] }>(
      await get(`${G}/getUnReceivedGoldRiceList?${A}`),
    );
    expect(next.result.list.map((b) => b.bubbleId)).toEqual(['b-daily-visit', 'b-daily-video']);
    t.setNow('2025-06-10T10:00:00+08:00');
  });

  it('converts gold rice into chances (GET and POST) and never goes negative', async () => {
    const before = await sum();
    const viaPost = await post(`${G}/convertGoldRich`, { activityCode: CODE, chances: 1 });
    expect(body(viaPost).result).toMatchObject({ chances: 1, spent: 100, sum: before - 100 });
    const short = await get(`${G}/convertGoldRich?${A}&chances=5`);
    expect(short.statusCode).toBe(409);
    expect(body(short).error).toBe('INSUFFICIENT_GOLD_RICE');
    expect(await sum()).toBe(before - 100);
    expect(await ledgerSum()).toBe(before - 100);
  });

  it('replays a conversion with the same idempotency key', async () => {
    const c = await login(t.app, '13700000021');
    await post(`${G}/batchDrawGoldRice`, { activityCode: CODE }, c);
    const h = { [IDEMPOTENCY_HEADER]: 'convert-key-1' };
    const a = await get(`${G}/convertGoldRich?${A}`, c, h);
    const b = await get(`${G}/convertGoldRich?${A}`, c, h);
    expect(body(b).result).toEqual(body(a).result);
    expect(await sum(c)).toBe(40);
  });

  it('withdraws coins and red packets from the balance with a minimum', async () => {
    const c = await login(t.app, '13700000022');
    await post(`${G}/batchDrawGoldRice`, { activityCode: CODE }, c);
    expect((await get(`${G}/coinWithDraw?${A}&amount=50`, c)).statusCode).toBe(400);
    const ok = await get(`${G}/coinWithDraw?${A}&amount=100`, c);
    expect(body(ok).result).toMatchObject({ amount: 100, status: 'pending', sum: 40 });
    expect((await get(`${G}/redPacketWithDraw?${A}&amount=100`, c)).statusCode).toBe(409);
    const info = body<{ balance: number; withdrawals: unknown[] }>(
      await get(`${G}/coinInfo?${A}`, c),
    );
    expect(info.result.balance).toBe(40);
    expect(info.result.withdrawals).toHaveLength(1);
  });

  it('answers 400 to malformed calls without writing', async () => {
    const c = await login(t.app, '13700000023');
    const bad = [
      await post(`${G}/drawGoldRice`, { activityCode: CODE }, c),
      await post(`${G}/drawGoldRice`, { activityCode: CODE, bubbleId: 'nope' }, c),
      await post(`${G}/drawGoldRice`, { activityCode: CODE, bubbleId: '../x' }, c),
      await post(`${G}/batchDrawGoldRice`, { activityCode: CODE, bubbleIds: 'b-welcome,zz' }, c),
      await get(`${G}/convertGoldRich?${A}&chances=-1`, c),
      await get(`${G}/coinWithDraw?${A}&amount=abc`, c),
      await get(`${G}/queryUserGoldRichSum`, c),
    ];
    for (const res of bad) expect(res.statusCode).toBe(400);
    expect(await ledgerSum(c)).toBe(0);
  });
});
