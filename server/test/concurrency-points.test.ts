import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import { body, createTestApp, login, TEST_DATABASE_URL, userIdOf } from './harness';
import type { TestApp } from './harness';

const P = '/mp/api/points';
const CODE = 'points-mall';

// Real concurrency needs real connections: PGlite has one and serialises everything.
describe.skipIf(!TEST_DATABASE_URL)(
  'points exchange under concurrency (PostgreSQL only; set TEST_DATABASE_URL to run)',
  () => {
    let t: TestApp;
    const exchange = (cookie: string, goodsId: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `${P}/exchange`,
        payload: { activityCode: CODE, goodsId },
        headers: { cookie, ...headers },
      });
    const setPoints = (cookie: string, balance: number) =>
      t.db.query(
        `INSERT INTO points_balances (user_id, activity_code, balance) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = EXCLUDED.balance`,
        [userIdOf(cookie), CODE, balance],
      );
    const pointsOf = async (cookie: string) =>
      Number(
        (
          await t.db.query<{ balance: string }>(
            'SELECT balance FROM points_balances WHERE user_id = $1 AND activity_code = $2',
            [userIdOf(cookie), CODE],
          )
        ).rows[0]?.balance,
      );

    beforeAll(async () => {
      t = await createTestApp({
        poolSize: 40,
        config: { rateLimit: { capacity: 100_000, refillPerSecond: 1000 } },
        editActivities: (m) => {
          const a = m.get(CODE);
          if (!a) return;
          m.set(CODE, {
            ...a,
            points: {
              ...a.points,
              goods: a.points.goods.map((g) =>
                g.goodsId === 'pm-band' ? { ...g, stock: 3, cost: 10 } : g,
              ),
            },
          });
        },
      });
    });
    afterAll(() => t.close());

    it('a double exchange with one key, sent 40 times at once, spends once', async () => {
      const c = await login(t.app, '13600000001');
      await setPoints(c, 100);
      const h = { [IDEMPOTENCY_HEADER]: 'double-exchange-0001' };
      const results = await Promise.all(
        Array.from({ length: 40 }, () => exchange(c, 'pm-phone-5', h)),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const first = body(results[0] ?? { body: '{}' }).result;
      for (const r of results) expect(body(r).result).toEqual(first);
      expect(await pointsOf(c)).toBe(80);
      const rows = await t.db.query('SELECT 1 FROM points_exchanges WHERE user_id = $1', [
        userIdOf(c),
      ]);
      expect(rows.rowCount).toBe(1);
    });

    it('60 concurrent exchanges without keys spend exactly what the balance holds', async () => {
      const c = await login(t.app, '13600000002');
      // Enough for 3 units of 20 points; the per-user limit (5) is not what stops them.
      await setPoints(c, 65);
      const results = await Promise.all(
        Array.from({ length: 60 }, () => exchange(c, 'pm-phone-5')),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(3);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(refused).toHaveLength(57);
      expect(new Set(refused.map((r) => body(r).error))).toEqual(new Set(['INSUFFICIENT_POINTS']));
      expect(await pointsOf(c)).toBe(5);
      const ledger = await t.db.query<{ sum: string }>(
        `SELECT SUM(amount) AS sum FROM points_ledger WHERE user_id = $1 AND reason = 'exchange'`,
        [userIdOf(c)],
      );
      expect(Number(ledger.rows[0]?.sum)).toBe(-60);
      const held = await t.db.query('SELECT 1 FROM user_coupons WHERE user_id = $1', [userIdOf(c)]);
      expect(held.rowCount).toBe(3);
    });

    it('30 users racing for 3 units: the stock is never oversold, losers keep their points', async () => {
      const users = [];
      for (let i = 0; i < 30; i++)
        users.push(await login(t.app, `136100000${String(i).padStart(2, '0')}`));
      for (const c of users) await setPoints(c, 10);
      const results = await Promise.all(users.map((c) => exchange(c, 'pm-band')));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(results.filter((r) => body(r).error === 'SOLD_OUT')).toHaveLength(27);
      const stock = await t.db.query<{ remaining: number }>(
        `SELECT remaining FROM points_goods_stock WHERE goods_id = 'pm-band'`,
      );
      expect(stock.rows[0]?.remaining).toBe(0);
      const left = await Promise.all(users.map(pointsOf));
      expect(left.filter((b) => b === 0)).toHaveLength(3);
      expect(left.filter((b) => b === 10)).toHaveLength(27);
      // The CHECK is the last line of defence: a direct overdraft is refused by the database.
      await expect(
        t.db.query('UPDATE points_balances SET balance = balance - 1000'),
      ).rejects.toThrow(/check/i);
    });
  },
);
