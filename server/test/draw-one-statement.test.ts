import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, SERVICE_TOKEN_COOKIES } from '../../src/spec/constants';
import { signToken } from '../src/auth/token';
import type { ActivityConfig } from '../src/config/activity-config';
import { draw, drawOnce, pickByWeight } from '../src/domain/draw';
import type { Db, QueryOptions, SqlParam } from '../src/db/types';
import { body, createTestApp, login, TEST_SECRET, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const CODE = 'demo-luckdraw';
const NOW = '2025-06-10T10:00:00+08:00';

/** Counts what the app sends to the database: statements outside a transaction, transactions. */
function counting(db: Db, seen: { statements: string[]; transactions: number }): Db {
  return {
    driver: db.driver,
    query: async <Row extends object>(
      sql: string,
      params?: readonly SqlParam[],
      options?: QueryOptions,
    ) => {
      seen.statements.push(sql);
      return db.query<Row>(sql, params, options);
    },
    exec: (sql) => db.exec(sql),
    transaction: async (fn) => {
      seen.transactions++;
      return db.transaction(fn);
    },
    close: () => db.close(),
  };
}

/** A ticket source that always lands on the first unit of the prize at `index` (by weight). */
function ticketFor(activity: ActivityConfig, prizeId: string) {
  let before = 0;
  for (const p of activity.prizes) {
    if (p.prizeId === prizeId) return () => before;
    before += p.weight;
  }
  throw new Error(`no prize ${prizeId}`);
}

// Decision 0015/0022: a draw (spec §7 luckDraw) costs one database round trip.
describe('a draw is one database statement', () => {
  const seen = { statements: [] as string[], transactions: 0 };
  let t: TestApp;
  let activity: ActivityConfig;
  const setChances = (userId: string, n: number) =>
    t.db.query(
      `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = $3`,
      [userId, CODE, n],
    );

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      wrapDb: (db) => counting(db, seen),
      config: { rateLimit: { capacity: 3, refillPerSecond: 0.001 } },
    });
    const a = t.config.activities.get(CODE);
    if (!a) throw new Error('demo activity missing');
    activity = a;
  });
  afterAll(() => t.close());

  it('sends one statement and no transaction for a keyed draw, its replay and an unkeyed draw', async () => {
    const c = await login(t.app, '13900000001');
    await setChances(userIdOf(c), 5);
    const send = (key?: string) =>
      t.app.inject({
        method: 'GET',
        url: `${G}/luckDraw?activityCode=${CODE}`,
        headers: { cookie: c, ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }) },
      });
    for (const key of ['one-trip-0001', 'one-trip-0001', undefined]) {
      seen.statements = [];
      seen.transactions = 0;
      const res = await send(key);
      expect(res.statusCode).toBe(200);
      expect(seen.statements).toHaveLength(1);
      expect(seen.statements[0]).toMatch(/draw_once\(/);
      expect(seen.transactions).toBe(0);
    }
    const draws = await t.db.query('SELECT id FROM draws WHERE user_id = $1', [userIdOf(c)]);
    expect(draws.rowCount).toBe(2);
  });

  it('answers 401 for a valid token whose account row is gone, also when the rate limit would refuse', async () => {
    const ghost = '99999999';
    const token = signToken(TEST_SECRET, ghost, Date.parse(NOW));
    const cookie = `userId=${ghost}; ${SERVICE_TOKEN_COOKIES.default}=${token}`;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${G}/luckDraw?activityCode=${CODE}`,
        headers: { cookie, [IDEMPOTENCY_HEADER]: `ghost-key-${i}000` },
      });
      codes.push(res.statusCode);
    }
    // capacity 3: calls 4 and 5 are refused by the limit, and still learn they have no session.
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const keys = await t.db.query('SELECT 1 FROM idempotency_requests WHERE user_id = $1', [ghost]);
    expect(keys.rowCount).toBe(0);
  });

  it('takes the pick from the random source: the chosen prize, else the fallback', async () => {
    const [a, b] = [
      userIdOf(await login(t.app, '13900000002')),
      userIdOf(await login(t.app, '13900000004')),
    ];
    await setChances(a, 3);
    await setChances(b, 1);
    const now = new Date(NOW);
    const opts = { payment: { kind: 'chance' as const }, source: 'test', now };
    // The demo activity adds one free chance a day (spec §9), granted by the first draw.
    // p-band: stock 20, one per user.
    const band = ticketFor(activity, 'p-band');
    expect(pickByWeight(activity.prizes, band)?.prizeId).toBe('p-band');
    const bandStock = async () =>
      (
        await t.db.query<{ stock: number; awarded: number }>(
          `SELECT stock, awarded FROM prize_stock WHERE activity_code = $1 AND prize_id = 'p-band'`,
          [CODE],
        )
      ).rows[0];
    const wonBy = async (userId: string) =>
      (
        await t.db.query<{ won: number }>(
          `SELECT won FROM user_prize_counts WHERE user_id = $1 AND prize_id = 'p-band'`,
          [userId],
        )
      ).rows[0]?.won;
    const start = await bandStock();
    if (!start) throw new Error('p-band not seeded');

    const first = await t.db.transaction((tx) =>
      drawOnce(tx, activity, a, { ...opts, random: band }),
    );
    expect(first).toMatchObject({ prizeId: 'p-band', fallback: false, remainChance: 3 });
    expect(activity.prizes[first.index]?.prizeId).toBe('p-band');
    expect(await bandStock()).toEqual({ stock: start.stock - 1, awarded: start.awarded + 1 });
    // Over the per-user limit: the same ticket gets the fallback prize; the stock does not move.
    const second = await draw(t.db, activity, a, { ...opts, random: band });
    expect(second).toMatchObject({ prizeId: 'p-thanks', fallback: true, remainChance: 2 });
    expect(await bandStock()).toEqual({ stock: start.stock - 1, awarded: start.awarded + 1 });
    expect(await wonBy(a)).toBe(1);

    // Sold out: the fallback, and the user's count that moved first is put back.
    await t.db.query(`UPDATE prize_stock_shards SET stock = 0 WHERE prize_id = 'p-band'`);
    const soldOut = await draw(t.db, activity, b, { ...opts, random: band });
    expect(soldOut).toMatchObject({ prizeId: 'p-thanks', fallback: true, remainChance: 1 });
    expect(await wonBy(b)).toBe(0);

    // A "再抽一次" prize pays its chance back in the same statement; the answer says so.
    const chance = await draw(t.db, activity, a, {
      ...opts,
      random: ticketFor(activity, 'p-chance'),
    });
    expect(chance).toMatchObject({
      prizeId: 'p-chance',
      reward: { chances: 1, goldRiceCents: 0, couponId: null },
      remainChance: 2,
    });
    const ledger = await t.db.query<{ reason: string; delta: number }>(
      `SELECT reason, delta FROM chance_ledger WHERE user_id = $1 ORDER BY id`,
      [a],
    );
    expect(ledger.rows).toEqual([
      { reason: 'dailyFree', delta: 1 },
      { reason: 'draw', delta: -1 },
      { reason: 'draw', delta: -1 },
      { reason: 'draw', delta: -1 },
      { reason: 'drawPrize', delta: 1 },
    ]);
  });

  it('refuses a draw it cannot pay with 409 and leaves no key behind, so the key runs later', async () => {
    const c = await login(t.app, '13900000003');
    const userId = userIdOf(c);
    // The day's free chance (spec §9 DEFAULT_REMAINING_CHANCE) already taken.
    await t.db.query(
      `INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref) VALUES ($1, $2, 1, 'dailyFree', '2025-06-10')`,
      [userId, CODE],
    );
    await setChances(userId, 0);
    const send = () =>
      t.app.inject({
        method: 'GET',
        url: `${G}/luckDraw?activityCode=${CODE}`,
        headers: { cookie: c, [IDEMPOTENCY_HEADER]: 'pay-later-0001' },
      });
    const refused = await send();
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toBe('NO_CHANCE');
    const keys = await t.db.query('SELECT 1 FROM idempotency_requests WHERE user_id = $1', [
      userId,
    ]);
    expect(keys.rowCount).toBe(0);
    await setChances(userId, 1);
    const later = await send();
    expect(later.statusCode).toBe(200);
    // The one chance is spent; the prize (picked by the CSPRNG) may pay one back ("再抽一次").
    const result = body<{ remainChance: number; reward: { chances: number } }>(later).result;
    expect(result.remainChance).toBe(result.reward.chances);
  });
});
