import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import { CODE, oneStockedPrize, setChances } from './concurrency-helpers';
import { body, createTestApp, login, TEST_DATABASE_URL, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const USERS = 200;
const CHANCES = 10;
const TRIES = 12;
const STOCK = 5;

// Real concurrency needs real connections: PGlite has one and serialises everything.
describe.skipIf(!TEST_DATABASE_URL)(
  'campaign families under load (PostgreSQL only; set TEST_DATABASE_URL to run)',
  () => {
    let t: TestApp;
    let users: string[];
    const draw = (cookie: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `${G}/luckDraw?activityCode=${CODE}`,
        headers: { cookie, ...headers },
      });

    beforeAll(async () => {
      t = await createTestApp({
        poolSize: 40,
        editActivities: oneStockedPrize(STOCK, {
          chances: { dailyFree: 0, maxBalance: 99, costPerDraw: 1 },
        }),
        config: { rateLimit: { capacity: 100_000, refillPerSecond: 1000 } },
      });
      users = [];
      for (let i = 0; i < USERS; i++)
        users.push(await login(t.app, `135${String(i).padStart(8, '0')}`));
      for (const c of users) await setChances(t.db, userIdOf(c), CHANCES);
    });
    afterAll(() => t.close());

    it(`${USERS * TRIES} concurrent draws award exactly the stock and spend no chance twice`, async () => {
      const calls = users.flatMap((c) => Array.from({ length: TRIES }, () => draw(c)));
      const results = await Promise.all(calls);
      const codes = new Map<number, number>();
      for (const r of results) codes.set(r.statusCode, (codes.get(r.statusCode) ?? 0) + 1);
      expect(Object.fromEntries(codes)).toEqual({
        200: USERS * CHANCES,
        409: USERS * (TRIES - CHANCES),
      });
      const won = results.filter(
        (r) => r.statusCode === 200 && body<{ prizeId: string }>(r).result.prizeId === 'p-gold',
      );
      expect(won).toHaveLength(STOCK);
      const stock = await t.db.query(
        `SELECT stock, awarded FROM prize_stock WHERE prize_id = 'p-gold'`,
      );
      expect(stock.rows[0]).toEqual({ stock: 0, awarded: STOCK });
      const rows = await t.db.query<{ n: number; gold: number }>(
        `SELECT COUNT(*)::int AS n, COUNT(*) FILTER (WHERE prize_id = 'p-gold')::int AS gold FROM draws`,
      );
      expect(rows.rows[0]).toEqual({ n: USERS * CHANCES, gold: STOCK });
      const balances = await t.db.query<{ min: number; max: number }>(
        'SELECT MIN(balance) AS min, MAX(balance) AS max FROM user_chances',
      );
      expect(balances.rows[0]).toEqual({ min: 0, max: 0 });
      // The CHECK is the last line of defence: a direct overdraft is refused by the database.
      await expect(t.db.query('UPDATE user_chances SET balance = balance - 1')).rejects.toThrow(
        /check/i,
      );
    });

    it('a key replayed 30 times at once draws once and answers the same', async () => {
      const c = await login(t.app, '13400000001');
      await setChances(t.db, userIdOf(c), 3);
      const h = { [IDEMPOTENCY_HEADER]: 'concurrent-replay-1' };
      const results = await Promise.all(Array.from({ length: 30 }, () => draw(c, h)));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const first = body(results[0] ?? { body: '{}' }).result;
      for (const r of results) expect(body(r).result).toEqual(first);
      const n = await t.db.query('SELECT 1 FROM draws WHERE user_id = $1', [userIdOf(c)]);
      expect(n.rowCount).toBe(1);
      const bal = await t.db.query<{ balance: number }>(
        'SELECT balance FROM user_chances WHERE user_id = $1',
        [userIdOf(c)],
      );
      expect(bal.rows[0]?.balance).toBe(2);
    });

    it('200 concurrent coupon claims by one user stop at the per-user limit', async () => {
      const c = await login(t.app, '13400000002');
      const results = await Promise.all(
        Array.from({ length: 200 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/mp/api/generalActivityCoupon/drawCoupon',
            payload: { activityCode: CODE, couponId: 'c-10-off' },
            headers: { cookie: c },
          }),
        ),
      );
      const limit = t.config.activities
        .get(CODE)
        ?.coupons.find((x) => x.couponId === 'c-10-off')?.perUserLimit;
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(limit ?? -1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(200 - (limit ?? 0));
      const held = await t.db.query('SELECT 1 FROM user_coupons WHERE user_id = $1', [userIdOf(c)]);
      expect(held.rowCount).toBe(limit);
      const pool = await t.db.query<{ remaining: number }>(
        `SELECT remaining FROM coupon_pools WHERE coupon_id = 'c-10-off'`,
      );
      expect(pool.rows[0]?.remaining).toBe(5000 - (limit ?? 0));
    });

    it('concurrent votes by one user count once per product and stop at the daily cap', async () => {
      const c = await login(t.app, '13400000003');
      const vote = (productId: string) =>
        t.app.inject({
          method: 'POST',
          url: '/mp/api/newProduct/vote',
          payload: { activityCode: CODE, productId },
          headers: { cookie: c },
        });
      const same = await Promise.all(Array.from({ length: 50 }, () => vote('color-black')));
      expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const products = ['color-white', 'color-green', 'color-black'];
      await Promise.all(Array.from({ length: 60 }, (_, i) => vote(products[i % 3] ?? '')));
      const votes = await t.db.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM votes WHERE user_id = $1',
        [userIdOf(c)],
      );
      expect(votes.rows[0]?.n).toBe(3);
      const used = await t.db.query<{ used: number }>(
        'SELECT used FROM vote_user_counts WHERE user_id = $1',
        [userIdOf(c)],
      );
      expect(used.rows[0]?.used).toBe(3);
    });

    it('concurrent bubble collections and conversions never overdraw gold rice', async () => {
      const c = await login(t.app, '13400000004');
      const h = { cookie: c };
      await Promise.all(
        Array.from({ length: 20 }, () =>
          t.app.inject({
            method: 'POST',
            url: `${G}/batchDrawGoldRice`,
            payload: { activityCode: CODE },
            headers: h,
          }),
        ),
      );
      // 140 cents collected once; 100 cents a chance: of 40 conversions exactly one succeeds.
      const conv = await Promise.all(
        Array.from({ length: 40 }, () =>
          t.app.inject({
            method: 'GET',
            url: `${G}/convertGoldRich?activityCode=${CODE}`,
            headers: h,
          }),
        ),
      );
      expect(conv.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const sum = await t.db.query<{ b: number; l: number }>(
        `SELECT (SELECT balance_cents FROM gold_rice_balances WHERE user_id = $1) AS b,
                (SELECT SUM(amount_cents)::bigint FROM gold_rice_ledger WHERE user_id = $1) AS l`,
        [userIdOf(c)],
      );
      expect(sum.rows[0]).toEqual({ b: 40, l: 40 });
    });
  },
);
