/**
 * Issue 35: three nodes behind HAProxy (deploy/cluster.ts, the configuration deploy/compose.yaml
 * mounts) on one PostgreSQL and one Redis. Through the balancer, a session made on one node holds
 * on the others, a limited prize's stock is exact under draws spread over the nodes, and a node
 * killed with SIGKILL mid-load loses no committed draw to its client: the client retries with
 * the same idempotency key and gets the stored answer (decision 0015).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../server/test/harness';
import { CODE, writeStockedDemoActivity } from '../server/test/concurrency-helpers';
import { codeFromLog, httpSend, signInThroughFlow } from '../server/test/sign-in-flow';
import { IDEMPOTENCY_HEADER } from '../src/spec/constants';
import { haproxyAvailable, startCluster, type Cluster } from './cluster';

const G = '/mp/api/generalActivity';
const STOCK = 5;

describe.skipIf(!TEST_DATABASE_URL || !haproxyAvailable())('three nodes behind HAProxy', () => {
  const dbName = `lb_${randomBytes(5).toString('hex')}`;
  const adminUrl = TEST_DATABASE_URL ?? '';
  // Made when the suite runs: without TEST_DATABASE_URL (the PGlite pass) it is skipped.
  const dbUrl = () => Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  let cluster: Cluster | undefined;
  let db: pg.Client;
  let dir: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    // The demo activity: one stocked prize that every draw picks while it lasts, then thanks.
    dir = await mkdtemp(path.join(tmpdir(), 'balancer-'));
    await writeStockedDemoActivity(dir, STOCK, 1);
    cluster = await startCluster({
      nodes: 3,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl(),
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        RATE_LIMIT_NAMESPACE: `${dbName}:`,
        RATE_LIMIT_CAPACITY: '1000',
        SESSION_SECRET: 'balancer-secret-0123456789abcdef',
        ACTIVITIES_DIR: dir,
        STATIC_DIR: dir, // no build: API only
        DATABASE_POOL_SIZE: '5',
        UPLOAD_STORAGE: 'postgres',
        // A production start: the embedded sign-in runs as a declared demo (codes in the log),
        // and every sign-in of the test comes from one address, the balancer's.
        OIDC_EMBEDDED_DEMO: '1',
        SMS_SENDS_PER_ADDRESS_PER_HOUR: '1000',
        LOG_LEVEL: 'warn',
      },
    });
    db = new pg.Client({ connectionString: dbUrl() });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const base = () => cluster?.url ?? '';

  /**
   * Signs in through the balancer, each step of the flow on whichever node it lands (the nodes
   * run as a production demo: the code is read from their logs, there is no dev inbox).
   */
  async function signIn(phone: string) {
    const readCode = async (to: string) => {
      for (let i = 0; i < 100; i++) {
        const code = codeFromLog(cluster?.nodes.map((n) => n.log.join('')).join('\n') ?? '', to);
        if (code !== null) return code;
        await sleep(50);
      }
      throw new Error(`no sign-in code logged for ${to}`);
    };
    const { jar } = await signInThroughFlow(httpSend(base), phone, '/mp/activity/', readCode);
    const userId = jar.cookies.get('userId');
    if (!userId) throw new Error('sign-in set no userId');
    return { cookie: jar.header(), userId };
  }

  const setChances = (userId: string, n: number) =>
    db.query(
      `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = $3`,
      [userId, CODE, n],
    );

  async function draw(cookie: string, key: string) {
    const res = await fetch(`${base()}${G}/luckDraw?activityCode=${CODE}`, {
      headers: { cookie, [IDEMPOTENCY_HEADER]: key },
    });
    const body = (await res.json().catch(() => null)) as {
      code: number;
      result: { prizeId: string };
    } | null;
    return { status: res.status, node: res.headers.get('x-served-by'), body };
  }

  it('a sign-in whose steps cross the nodes makes a session every node honours', async () => {
    const user = await signIn('13700000001');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${base()}${G}/getRemainChance?activityCode=${CODE}`, {
          headers: { cookie: user.cookie },
        }).then(async (r) => ({
          node: r.headers.get('x-served-by'),
          code: ((await r.json()) as { code: number }).code,
        })),
      ),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.node))).toEqual(new Set(['node1', 'node2', 'node3']));
  });

  it('240 draws spread over the nodes award exactly the stock', async () => {
    const users = await Promise.all(
      Array.from({ length: 40 }, (_, u) => signIn(`137${String(100 + u).padStart(8, '0')}`)),
    );
    for (const u of users) await setChances(u.userId, 6);
    const results = await Promise.all(
      users.flatMap((u, n) =>
        Array.from({ length: 6 }, (_, i) => draw(u.cookie, `balancer-${n}-${i}`)),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(240);
    expect(new Set(results.map((r) => r.node))).toEqual(new Set(['node1', 'node2', 'node3']));
    expect(results.filter((r) => r.body?.result.prizeId === 'p-band')).toHaveLength(STOCK);
    const won = await db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM draws WHERE prize_id = 'p-band'`,
    );
    expect(won.rows[0]?.n).toBe(STOCK);
  });

  it('a node killed with SIGKILL mid-load loses no committed draw to its client', async () => {
    const USERS = 20;
    const DRAWS = 8;
    const users = await Promise.all(
      Array.from({ length: USERS }, (_, u) => signIn(`137${String(500 + u).padStart(8, '0')}`)),
    );
    for (const u of users) await setChances(u.userId, DRAWS);
    const servedBy: string[] = [];
    let failures = 0;
    /** A phone's client: each draw retried with its key until it has an answer. */
    const play = async (cookie: string, n: number) => {
      const answered: string[] = [];
      for (let i = 0; i < DRAWS; i++) {
        const key = `sigkill-${n}-${i}`;
        for (let attempt = 0; ; attempt++) {
          const r = await draw(cookie, key).catch(() => null);
          if (r?.status === 200 && r.body?.code === 0) {
            servedBy.push(r.node ?? '');
            answered.push(key);
            break;
          }
          failures++;
          if (attempt > 40) throw new Error(`draw ${key} never answered: ${r?.status}`);
          await sleep(100);
        }
      }
      return answered;
    };
    const load = Promise.all(users.map((u, n) => play(u.cookie, n)));
    // Kill a node once traffic flows through all three.
    while (new Set(servedBy).size < 3) await sleep(5);
    const victim = cluster?.nodes[1];
    victim?.child.kill('SIGKILL');
    const killedAfter = servedBy.length;
    const answered = await load;

    expect(killedAfter).toBeLessThan(USERS * DRAWS); // the kill came mid-load
    expect(servedBy.slice(killedAfter + USERS).every((node) => node !== 'node2')).toBe(true);
    // Every client has an answer for each of its draws, and the database holds exactly those:
    // nothing committed without its client knowing, nothing twice.
    for (const [n, u] of users.entries()) {
      expect(answered[n]).toHaveLength(DRAWS);
      const rows = await db.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM draws WHERE user_id = $1',
        [u.userId],
      );
      expect(rows.rows[0]?.n).toBe(DRAWS);
      const balance = await db.query<{ balance: number }>(
        'SELECT balance FROM user_chances WHERE user_id = $1 AND activity_code = $2',
        [u.userId, CODE],
      );
      expect(balance.rows[0]?.balance).toBe(0);
    }
    console.info(`SIGKILL mid-load: ${failures} failed attempts retried with their keys`);
  }, 120_000);
});
