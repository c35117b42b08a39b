import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import { writeStockedDemoActivity } from './concurrency-helpers';
import { TEST_DATABASE_URL } from './harness';
import { httpSend, signInThroughFlow } from './sign-in-flow';
import { freePort } from '../../deploy/cluster';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CODE = 'demo-luckdraw';
const G = '/mp/api/generalActivity';
const NODES = 3;
const STOCK = 5;
const CAPACITY = 10;

interface Node {
  child: ChildProcess;
  base: string;
  log: string[];
}

/**
 * Issue 17: three server processes (server/src/main.ts, as `npm start` runs it) on one PostgreSQL
 * database and one Redis. The rules must hold across them exactly as on one node: the draw race
 * (spec §7 luckDraw), the once-a-day sign-in (spec §7 signIn) and a user's rate limit.
 */
describe.skipIf(!TEST_DATABASE_URL)('three nodes on one PostgreSQL and one Redis', () => {
  const nodes: Node[] = [];
  const dbName = `mn_${randomBytes(5).toString('hex')}`;
  let db: pg.Client;
  let dir: string;

  const adminUrl = TEST_DATABASE_URL ?? '';
  const dbUrl = () => {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    return url.toString();
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    // The demo activity with one stocked prize that every draw picks, and no free chances.
    dir = await mkdtemp(path.join(tmpdir(), 'multi-node-'));
    await writeStockedDemoActivity(dir, STOCK);

    const env = {
      ...process.env,
      DATABASE_URL: dbUrl(),
      REDIS_URL,
      RATE_LIMIT_NAMESPACE: `${dbName}:`,
      RATE_LIMIT_CAPACITY: String(CAPACITY),
      RATE_LIMIT_REFILL_PER_SECOND: '0.1', // a 100 s window: the test never straddles two
      SESSION_SECRET: 'multi-node-secret-0123456789abcdef',
      ACTIVITIES_DIR: dir,
      STATIC_DIR: dir, // no build: API only
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: '5',
      // Every sign-in comes from 127.0.0.1 here.
      SMS_SENDS_PER_ADDRESS_PER_HOUR: '10000',
      UPLOAD_STORAGE: 'postgres',
    };
    for (let i = 0; i < NODES; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: ROOT,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const log: string[] = [];
      child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
      child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
      nodes.push({ child, base: `http://127.0.0.1:${port}`, log });
    }
    // All three start at once: migrations take turns under the advisory lock.
    for (const node of nodes) {
      let ready = false;
      for (let i = 0; i < 200 && !ready; i++) {
        ready = await fetch(`${node.base}/mp/api/health/ready`)
          .then((r) => r.status === 200)
          .catch(() => false);
        if (!ready) await sleep(150);
      }
      if (!ready) throw new Error(`node did not start:\n${node.log.join('')}`);
    }
    db = new pg.Client({ connectionString: dbUrl() });
    await db.connect();
  });

  afterAll(async () => {
    for (const node of nodes) node.child.kill('SIGTERM');
    await Promise.all(
      nodes.map((n) =>
        n.child.exitCode === null ? new Promise((r) => n.child.once('exit', r)) : null,
      ),
    );
    await db?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.end();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /**
   * Signs in through the real flow with every step on the next node (i, i+1, ...): the provider's
   * interaction, code and session must be shared. Returns the Cookie header and the user id.
   */
  async function login(phone: string, i: number) {
    let step = i;
    const { jar } = await signInThroughFlow(
      httpSend(() => nodes[step++ % NODES]?.base ?? '', 'campaign.test'),
      phone,
    );
    const cookie = jar.header(['userId', 'serviceToken']);
    const userId = /userId=(\d+)/.exec(cookie)?.[1];
    if (!userId) throw new Error(`login failed for ${phone}`);
    return { cookie, userId };
  }

  const setChances = (userId: string, n: number) =>
    db.query(
      `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = $3`,
      [userId, CODE, n],
    );

  const call = (i: number, path: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${nodes[i % NODES]?.base}${path}`, {
      ...init,
      headers: { cookie, ...(init.headers as Record<string, string> | undefined) },
    });

  it('the draw race: 240 draws spread over three nodes award exactly the stock', async () => {
    const users = await Promise.all(
      Array.from({ length: 40 }, (_, u) => login(`139${String(u).padStart(8, '0')}`, u)),
    );
    for (const u of users) await setChances(u.userId, 6);
    const results = await Promise.all(
      users.flatMap((u, n) =>
        Array.from({ length: 6 }, (_, i) =>
          call(n + i, `${G}/luckDraw?activityCode=${CODE}`, u.cookie, {
            headers: { [IDEMPOTENCY_HEADER]: `mn-draw-${n}-${i}` },
          }).then(async (r) => ({
            status: r.status,
            body: (await r.json()) as { result: { prizeId: string } },
          })),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(240);
    expect(results.filter((r) => r.body.result.prizeId === 'p-band')).toHaveLength(STOCK);
    const stock = await db.query(`SELECT stock FROM prize_stock WHERE prize_id = 'p-band'`);
    expect(stock.rows[0]).toEqual({ stock: 0 });
    const draws = await db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM draws WHERE prize_id = 'p-band'`,
    );
    expect(draws.rows[0]?.n).toBe(STOCK);
  });

  it('once a day: 30 sign-ins at once over three nodes reward once', async () => {
    const u = await login('13999999901', 0);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i, `${G}/signIn`, u.cookie, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `activityCode=${CODE}`,
        }).then(async (r) => (await r.json()) as { code: number; result: { awarded: boolean } }),
      ),
    );
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(results.filter((r) => r.result.awarded)).toHaveLength(1);
    const rows = await db.query('SELECT 1 FROM sign_ins WHERE user_id = $1', [u.userId]);
    expect(rows.rowCount).toBe(1);
    const paid = await db.query(
      `SELECT 1 FROM chance_ledger WHERE user_id = $1 AND reason LIKE 'signIn%'`,
      [u.userId],
    );
    expect(paid.rowCount).toBe(1);
  });

  it("a user's rate limit is one limit over the three nodes", async () => {
    const u = await login('13999999902', 1);
    await setChances(u.userId, 50);
    const statuses = await Promise.all(
      Array.from({ length: 3 * CAPACITY }, (_, i) =>
        call(i, `${G}/luckDraw?activityCode=${CODE}`, u.cookie).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(CAPACITY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * CAPACITY);
    const draws = await db.query('SELECT 1 FROM draws WHERE user_id = $1', [u.userId]);
    expect(draws.rowCount).toBe(CAPACITY);
  });

  it('a file uploaded through one node is served by another (PostgreSQL storage)', async () => {
    const u = await login('13999999903', 0);
    const ticket = (await (
      await call(0, '/mp/api/file/generatePreSignedUri?kind=video', u.cookie)
    ).json()) as { result: { uploadUrl: string } };
    const ftyp = Buffer.from('\0\0\0\x14ftypisom\0\0\x02\0isom', 'latin1');
    const mdat = Buffer.concat([Buffer.from('\0\0\0\x48mdat', 'latin1'), Buffer.alloc(64, 7)]);
    const video = Buffer.concat([ftyp, mdat]);
    const put = await call(1, ticket.result.uploadUrl, u.cookie, { method: 'PUT', body: video });
    expect(put.status).toBe(200);
    const { url } = ((await put.json()) as { result: { url: string } }).result;
    const served = await call(2, url, u.cookie);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(video)).toBe(true);
  });

  it('terminated backends end no server process; each node is ready again within seconds', async () => {
    const u = await login('13999999904', 2);
    await setChances(u.userId, 0);
    // Requests in flight on every node while their backends are terminated, as in issue 17.
    const traffic = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(i, `${G}/getRemainChance?activityCode=${CODE}`, u.cookie).then((r) => r.status),
      ),
    );
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      const res = await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND application_name = 'campaign-server'`,
        [dbName],
      );
      terminated += res.rowCount ?? 0;
      await sleep(100);
    }
    const statuses = await traffic;
    expect(terminated).toBeGreaterThan(0);
    // Reads are retried on a new connection; anything that still failed said 503, never 500.
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const node of nodes) {
      expect(node.child.exitCode).toBeNull();
      let ready = 0;
      for (let i = 0; i < 50 && ready !== 200; i++) {
        ready = (await fetch(`${node.base}/mp/api/health/ready`)).status;
        if (ready !== 200) await sleep(100);
      }
      expect(ready).toBe(200);
    }
  });
});
