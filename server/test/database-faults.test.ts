import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import { DatabaseUnavailableError } from '../src/db/errors';
import type { Db, QueryOptions, SqlParam } from '../src/db/types';
import { CODE, oneStockedPrize, setChances } from './concurrency-helpers';
import { body, createTestApp, login, TEST_DATABASE_URL, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';

/** A draw is one statement, its own transaction (draw_once, migration 0080; decision 0022). */
const DRAW_STATEMENT = /\bdraw_once\(/;

/**
 * A Db that fails every call like an unreachable PostgreSQL while `away` is true, and, with
 * `loseCommitAck`, commits the next transaction (or the next draw, a statement that commits by
 * itself) but throws as if the connection died before the COMMIT's answer arrived (the one case
 * the driver cannot retry by itself).
 */
function switchable(db: Db, state: { away: boolean; loseCommitAck: boolean }): Db {
  const gate = () => {
    if (state.away) throw new DatabaseUnavailableError('connect ECONNREFUSED 127.0.0.1:5432');
  };
  const loseAck = () => {
    if (!state.loseCommitAck) return;
    state.loseCommitAck = false;
    throw new DatabaseUnavailableError('Connection terminated unexpectedly (during COMMIT)');
  };
  const wrap = (inner: Db, inTransaction: boolean): Db => ({
    driver: inner.driver,
    query: async <Row extends object>(
      sql: string,
      params?: readonly SqlParam[],
      options?: QueryOptions,
    ) => {
      gate();
      const result = await inner.query<Row>(sql, params, options);
      if (!inTransaction && DRAW_STATEMENT.test(sql)) loseAck();
      return result;
    },
    exec: async (sql) => (gate(), inner.exec(sql)),
    transaction: async (fn) => (gate(), inner.transaction((tx) => fn(wrap(tx, true)))),
    close: () => inner.close(),
  });
  const outer = wrap(db, false);
  return {
    ...outer,
    transaction: async (fn) => {
      const result = await outer.transaction(fn);
      loseAck();
      return result;
    },
  };
}

// Issue 17: "503 with Retry-After while the database is away, readiness apart from liveness".
describe('while the database is away', () => {
  const state = { away: false, loseCommitAck: false };
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ wrapDb: (db) => switchable(db, state) });
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After, stays live, is not ready, and recovers', async () => {
    state.away = true;
    const drawRes = await t.app.inject({
      method: 'GET',
      url: `${G}/luckDraw?activityCode=${CODE}`,
      headers: { cookie, [IDEMPOTENCY_HEADER]: 'away-draw-0001' },
    });
    expect(drawRes.statusCode).toBe(503);
    expect(Number(drawRes.headers['retry-after'])).toBeGreaterThan(0);
    expect(body(drawRes)).toMatchObject({ code: 503, error: 'UNAVAILABLE' });
    const live = await t.app.inject({ url: '/mp/api/health' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/mp/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBeDefined();

    state.away = false;
    expect((await t.app.inject({ url: '/mp/api/health/ready' })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `${G}/luckDraw?activityCode=${CODE}`,
      headers: { cookie, [IDEMPOTENCY_HEADER]: 'away-draw-0001' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('a draw whose COMMIT answer was lost reaches its client through the retry with the same key', async () => {
    const c = await login(t.app, '13800000077');
    const draw = () =>
      t.app.inject({
        method: 'GET',
        url: `${G}/luckDraw?activityCode=${CODE}`,
        headers: { cookie: c, [IDEMPOTENCY_HEADER]: 'lost-commit-0001' },
      });
    state.loseCommitAck = true;
    const first = await draw();
    expect(first.statusCode).toBe(503);
    const retried = await draw();
    expect(retried.statusCode).toBe(200);
    const drawId = body<{ drawId: number }>(retried).result.drawId;
    const rows = await t.db.query<{ id: number }>('SELECT id FROM draws WHERE user_id = $1', [
      userIdOf(c),
    ]);
    expect(rows.rows.map((r) => r.id)).toEqual([drawId]);
  });
});

const USERS = 60;
const CHANCES = 4;
const TRIES = 5;
const STOCK = 5;

/**
 * Issue 17, point 1: `pg_terminate_backend` on every connection of the pool, several times,
 * while hundreds of draws run. Real backends are needed, so PostgreSQL only.
 */
describe.skipIf(!TEST_DATABASE_URL)(
  'backends terminated during concurrent draws (PostgreSQL only)',
  () => {
    let t: TestApp;
    let users: string[];
    let admin: pg.Client;

    beforeAll(async () => {
      t = await createTestApp({
        poolSize: 10,
        editActivities: oneStockedPrize(STOCK, {
          chances: { dailyFree: 0, maxBalance: 99, costPerDraw: 1 },
        }),
        config: { rateLimit: { capacity: 100_000, refillPerSecond: 1000 } },
      });
      users = [];
      for (let i = 0; i < USERS; i++) {
        users.push(await login(t.app, `136${String(i).padStart(8, '0')}`));
      }
      for (const c of users) await setChances(t.db, userIdOf(c), CHANCES);
      admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
      await t.close();
    });

    /** What the API client does (src/services/api): a 503 is retried with the same key. */
    async function drawUntilAnswered(cookie: string, key: string) {
      for (let attempt = 0; attempt < 40; attempt++) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${G}/luckDraw?activityCode=${CODE}`,
          headers: { cookie, [IDEMPOTENCY_HEADER]: key },
        });
        if (res.statusCode !== 503) return res;
        expect(res.headers['retry-after']).toBeDefined();
        await sleep(50);
      }
      throw new Error(`draw ${key} never answered`);
    }

    it('keeps serving; every committed draw reaches its client; stock and chances hold', async () => {
      let running = true;
      let terminated = 0;
      const killer = (async () => {
        // Bounded: at most 12 rounds, 120 ms apart, while the draws run.
        for (let round = 0; round < 12 && running; round++) {
          await sleep(120);
          const res = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE application_name = $1 AND pid <> pg_backend_pid()`,
            [t.schema],
          );
          terminated += res.rowCount ?? 0;
        }
      })();
      const calls = users.flatMap((c, u) =>
        Array.from({ length: TRIES }, (_, i) => drawUntilAnswered(c, `fault-${u}-${i}-key`)),
      );
      const results = await Promise.all(calls);
      running = false;
      await killer;

      expect(terminated).toBeGreaterThan(0);
      const codes = new Map<number, number>();
      for (const r of results) codes.set(r.statusCode, (codes.get(r.statusCode) ?? 0) + 1);
      expect(Object.fromEntries(codes)).toEqual({
        200: USERS * CHANCES,
        409: USERS * (TRIES - CHANCES),
      });

      // Every draw row was answered to some client, and every answer is a row.
      const answered = results
        .filter((r) => r.statusCode === 200)
        .map((r) => body<{ drawId: number }>(r).result.drawId)
        .sort((a, b) => a - b);
      const rows = await t.db.query<{ id: number; prize_id: string }>(
        'SELECT id, prize_id FROM draws ORDER BY id',
      );
      expect(answered).toEqual(rows.rows.map((r) => r.id));
      expect(rows.rows.filter((r) => r.prize_id === 'p-gold')).toHaveLength(STOCK);
      const stock = await t.db.query(
        `SELECT stock, awarded FROM prize_stock WHERE prize_id = 'p-gold'`,
      );
      expect(stock.rows[0]).toEqual({ stock: 0, awarded: STOCK });
      const balances = await t.db.query<{ min: number; max: number }>(
        'SELECT MIN(balance) AS min, MAX(balance) AS max FROM user_chances',
      );
      expect(balances.rows[0]).toEqual({ min: 0, max: 0 });
      // The chance ledger agrees with the balances: one -1 row per draw, per user.
      const ledger = await t.db.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM (
           SELECT user_id FROM chance_ledger WHERE reason = 'draw'
           GROUP BY user_id HAVING SUM(delta) <> -${CHANCES}) bad`,
      );
      expect(ledger.rows[0]?.n).toBe(0);

      // Ready again within seconds.
      let ready = 0;
      for (let i = 0; i < 50 && ready !== 200; i++) {
        ready = (await t.app.inject({ url: '/mp/api/health/ready' })).statusCode;
        if (ready !== 200) await sleep(100);
      }
      expect(ready).toBe(200);
    });
  },
);
