import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import type { ActivityConfig } from '../src/config/activity-config';
import { migrate, readMigrations } from '../src/db/migrate';
import type { Db } from '../src/db/types';
import { drawOnce } from '../src/domain/draw';
import type { DrawOutcome } from '../src/domain/draw';
import { seedPrizeStock } from '../src/domain/prize-stock';
import {
  CODE,
  deferred,
  oneStockedPrize,
  setChances,
  waitForLockWait,
} from './concurrency-helpers';
import { body, createTestApp, freshDb, login, TEST_DATABASE_URL, userIdOf } from './harness';
import type { TestApp } from './harness';

// A limited prize's stock is split over shards (migration 0081, decision 0027): these tests hold
// the rules that split must not bend. The stock is smaller than the number of shards, so some
// shards are empty from the start.
const G = '/mp/api/generalActivity';
const STOCK = 5;
const NOW = new Date('2025-06-10T10:00:00+08:00');

const shardCount = async (db: Db) =>
  (await db.query<{ n: number }>('SELECT prize_stock_shard_count() AS n')).rows[0]?.n ?? 0;

const shardsOf = async (db: Db, prizeId: string, code = CODE) =>
  (
    await db.query<{ stock: number | null; awarded: number }>(
      `SELECT stock, awarded FROM prize_stock_shards
       WHERE activity_code = $1 AND prize_id = $2 ORDER BY shard`,
      [code, prizeId],
    )
  ).rows;

const totalOf = async (db: Db, prizeId: string, code = CODE) =>
  (
    await db.query<{ stock: number | null; awarded: number }>(
      `SELECT stock, awarded FROM prize_stock WHERE activity_code = $1 AND prize_id = $2`,
      [code, prizeId],
    )
  ).rows[0];

/** The split the shards must show: parts differing by at most 1, summing to the total. */
function expectEvenSplit(stocks: (number | null)[], total: number, shards: number) {
  expect(stocks).toHaveLength(shards);
  const parts = stocks.map((s) => s ?? -1);
  expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
}

describe('prize stock over shards', () => {
  let t: TestApp;
  let activity: ActivityConfig;

  beforeAll(async () => {
    t = await createTestApp({
      editActivities: oneStockedPrize(STOCK, {
        chances: { dailyFree: 0, maxBalance: 99, costPerDraw: 1 },
      }),
    });
    const a = t.config.activities.get(CODE);
    if (!a) throw new Error('demo activity missing');
    activity = a;
  });
  afterAll(() => t.close());

  it('seeds a limited prize over every shard and an unlimited one as one untouched row', async () => {
    const n = await shardCount(t.db);
    expect(n).toBeGreaterThan(STOCK);
    expectEvenSplit(
      (await shardsOf(t.db, 'p-gold')).map((s) => s.stock),
      STOCK,
      n,
    );
    expect(await totalOf(t.db, 'p-gold')).toEqual({ stock: STOCK, awarded: 0 });
    expect(await shardsOf(t.db, 'p-thanks')).toEqual([{ stock: null, awarded: 0 }]);
  });

  it('awards every unit, empty shards skipped, and is sold out only at the last one', async () => {
    const cookie = await login(t.app, '13700000001');
    await setChances(t.db, userIdOf(cookie), STOCK + 2);
    const soldOut = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${G}/prizeStock?activityCode=${CODE}`,
      });
      const list = body<{ list: { prizeId: string; soldOut: boolean }[] }>(res).result.list;
      return list.find((p) => p.prizeId === 'p-gold')?.soldOut;
    };
    const won: string[] = [];
    for (let i = 0; i < STOCK + 1; i++) {
      expect(await soldOut()).toBe(i >= STOCK);
      const res = await t.app.inject({
        method: 'GET',
        url: `${G}/luckDraw?activityCode=${CODE}`,
        headers: { cookie, [IDEMPOTENCY_HEADER]: `shards-drain-${i}` },
      });
      won.push(body<{ prizeId: string }>(res).result.prizeId);
    }
    // p-gold has weight 1 and the fallback 0: every draw picks p-gold until none is left.
    expect(won).toEqual([...Array<string>(STOCK).fill('p-gold'), 'p-thanks']);
    expect((await shardsOf(t.db, 'p-gold')).every((s) => s.stock === 0)).toBe(true);
    expect(await totalOf(t.db, 'p-gold')).toEqual({ stock: 0, awarded: STOCK });
  });

  it('keeps the sum when the config changes: a seeded prize is never refilled or re-split', async () => {
    const before = await shardsOf(t.db, 'p-gold');
    const gold = activity.prizes.find((p) => p.prizeId === 'p-gold');
    if (!gold) throw new Error('p-gold missing');
    const changed: ActivityConfig = {
      ...activity,
      prizes: [
        { ...gold, stock: 12 },
        { ...gold, prizeId: 'p-silver', stock: 3 },
        ...activity.prizes.filter((p) => p !== gold),
      ],
    };
    const registry = new Map([[CODE, changed]]);
    await seedPrizeStock(t.db, registry);
    await seedPrizeStock(t.db, registry); // a second start, or a second node
    expect(await shardsOf(t.db, 'p-gold')).toEqual(before);
    const n = await shardCount(t.db);
    expectEvenSplit(
      (await shardsOf(t.db, 'p-silver')).map((s) => s.stock),
      3,
      n,
    );
    expect(await totalOf(t.db, 'p-silver')).toEqual({ stock: 3, awarded: 0 });
  });
});

describe('migration 0081 splits the rows it finds', () => {
  it('spreads each limited prize over the shards, keeps awarded and unlimited rows', async () => {
    const { db, drop } = await freshDb(2);
    try {
      const all = await readMigrations();
      await migrate(
        db,
        all.filter((m) => m.version < 81),
      );
      await db.query(
        `INSERT INTO prize_stock (activity_code, prize_id, stock, awarded) VALUES
         ('a', 'p-many', 21, 4), ('a', 'p-gone', 0, 7), ('a', 'p-free', NULL, 0)`,
      );
      await migrate(db, all);
      const n = await shardCount(db);
      const many = await shardsOf(db, 'p-many', 'a');
      expectEvenSplit(
        many.map((s) => s.stock),
        21,
        n,
      );
      expect(await totalOf(db, 'p-many', 'a')).toEqual({ stock: 21, awarded: 4 });
      const gone = await shardsOf(db, 'p-gone', 'a');
      expect(gone.map((s) => s.stock)).toEqual(Array<number>(n).fill(0));
      expect(await totalOf(db, 'p-gone', 'a')).toEqual({ stock: 0, awarded: 7 });
      expect(await shardsOf(db, 'p-free', 'a')).toEqual([{ stock: null, awarded: 0 }]);
    } finally {
      await db.close();
      await drop();
    }
  });
});

// Real concurrency needs real connections: PGlite has one and serialises everything.
describe.skipIf(!TEST_DATABASE_URL)(
  'prize stock over shards under concurrency (PostgreSQL only; set TEST_DATABASE_URL to run)',
  () => {
    let t: TestApp;
    let activity: ActivityConfig;
    const user = async (phone: string, chances: number) => {
      const id = userIdOf(await login(t.app, phone));
      await setChances(t.db, id, chances);
      return id;
    };
    const drawFor = (userId: string) => (tx: Parameters<typeof drawOnce>[0]) =>
      drawOnce(tx, activity, userId, { payment: { kind: 'chance' }, source: 'test', now: NOW });

    beforeAll(async () => {
      t = await createTestApp({
        poolSize: 30,
        editActivities: oneStockedPrize(STOCK, {
          chances: { dailyFree: 0, maxBalance: 99, costPerDraw: 1 },
        }),
        config: { rateLimit: { capacity: 100_000, refillPerSecond: 1000 } },
      });
      const a = t.config.activities.get(CODE);
      if (!a) throw new Error('demo activity missing');
      activity = a;
    });
    afterAll(() => t.close());

    it('a draw waits for draws in flight instead of calling the prize sold out', async () => {
      // Five draws take the five units (every shard with stock) and stay open.
      const holders = await Promise.all(
        Array.from({ length: STOCK }, (_, i) => user(`136000000${String(i).padStart(2, '0')}`, 1)),
      );
      const releases = holders.map(() => deferred<'commit' | 'rollback'>());
      const held: Promise<unknown>[] = [];
      for (const [i, id] of holders.entries()) {
        const taken = deferred<DrawOutcome>();
        held.push(
          t.db
            .transaction(async (tx) => {
              const r = await drawFor(id)(tx);
              taken.resolve(r);
              if ((await releases[i]?.promise) === 'rollback') throw new Error('rolled back');
              return r;
            })
            .catch((e: unknown) => e),
        );
        expect((await taken.promise).prizeId).toBe('p-gold');
      }

      // The sixth finds no free shard with stock: it waits, it does not answer "sold out".
      const late = await user('13600000099', 1);
      let lateDone = false;
      const sixth = t.db.transaction(drawFor(late)).finally(() => {
        lateDone = true;
      });
      expect(await waitForLockWait(t.db)).toBe(true);
      expect(lateDone).toBe(false);

      // One of the five rolls back: its unit is the sixth's, whatever shard it waited on first.
      releases[2]?.resolve('rollback');
      for (const [i, r] of releases.entries()) if (i !== 2) r.resolve('commit');
      expect(await held[2]).toBeInstanceOf(Error);
      expect(await sixth).toMatchObject({ prizeId: 'p-gold', fallback: false });
      await Promise.all(held);
      expect(await totalOf(t.db, 'p-gold')).toEqual({ stock: 0, awarded: STOCK });
      const rows = await t.db.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM draws WHERE prize_id = 'p-gold'`,
      );
      expect(rows.rows[0]?.n).toBe(STOCK);

      // Now every shard is 0: the next draw gets the fallback at once.
      const after = await user('13600000098', 1);
      expect(await t.db.transaction(drawFor(after))).toMatchObject({
        prizeId: 'p-thanks',
        fallback: true,
      });
    });
  },
);

describe.skipIf(!TEST_DATABASE_URL)(
  'draining a sharded prize from many connections (PostgreSQL only; set TEST_DATABASE_URL to run)',
  () => {
    const USERS = 120;
    const TRIES = 3;
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({
        poolSize: 40,
        editActivities: oneStockedPrize(STOCK, {
          chances: { dailyFree: 0, maxBalance: 99, costPerDraw: 1 },
        }),
        config: { rateLimit: { capacity: 100_000, refillPerSecond: 1000 } },
      });
    });
    afterAll(() => t.close());

    it(`${USERS * TRIES} draws at once award exactly the stock and leave every shard at 0`, async () => {
      const cookies: string[] = [];
      for (let i = 0; i < USERS; i++) {
        const c = await login(t.app, `137${String(i).padStart(8, '0')}`);
        await setChances(t.db, userIdOf(c), TRIES);
        cookies.push(c);
      }
      const results = await Promise.all(
        cookies.flatMap((cookie, u) =>
          Array.from({ length: TRIES }, (_, i) =>
            t.app.inject({
              method: 'GET',
              url: `${G}/luckDraw?activityCode=${CODE}`,
              headers: { cookie, [IDEMPOTENCY_HEADER]: `shards-race-${u}-${i}` },
            }),
          ),
        ),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const prizes = results.map((r) => body<{ prizeId: string }>(r).result.prizeId);
      expect(prizes.filter((p) => p === 'p-gold')).toHaveLength(STOCK);
      expect(prizes.filter((p) => p === 'p-thanks')).toHaveLength(USERS * TRIES - STOCK);
      const shards = await shardsOf(t.db, 'p-gold');
      expect(shards).toHaveLength(await shardCount(t.db));
      expect(shards.every((s) => s.stock === 0)).toBe(true);
      expect(await totalOf(t.db, 'p-gold')).toEqual({ stock: 0, awarded: STOCK });
      const rows = await t.db.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM draws WHERE prize_id = 'p-gold'`,
      );
      expect(rows.rows[0]?.n).toBe(STOCK);
    });
  },
);
