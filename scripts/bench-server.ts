/**
 * npm run bench:server [-- --users 200 --seconds 10 --pool 10]
 *
 * Load test of the reference server on PostgreSQL (issue 17; not in CI): one server process
 * (server/src/main.ts, as `npm start` runs it) on a fresh database, N concurrent users drawing
 * (spec §7 luckDraw, each draw with its own Idempotency-Key as the client sends it), then, in
 * the same run and against the same pool, the same N users calling a route that only runs
 * `SELECT 1` (GET /mp/api/health/ready). Prints draws/s, req/s and p50/p99 of each, as a
 * Markdown table for docs/perf.md. Traffic goes to 127.0.0.1 only; every loop is bounded by time.
 *
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), used to create
 * and drop a database of its own, named BENCH_DB_PREFIX (default `bench`) + `_` + random hex, so
 * runs of several people on one PostgreSQL are told apart.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { httpSend, signInThroughFlow } from '../server/test/sign-in-flow';
import { freePort } from '../deploy/cluster';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(process.argv[at + 1]);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
};
const USERS = arg('users', 200);
const SECONDS = arg('seconds', 10);
const POOL = arg('pool', 10);
const WARMUP_SECONDS = 2;
const CODE = 'demo-luckdraw';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'bench';
if (!/^[a-z][a-z0-9_]{0,40}$/.test(DB_PREFIX)) throw new Error('BENCH_DB_PREFIX: a-z, 0-9, _');

// One keep-alive connection per virtual user, as phones would hold theirs.
const agent = new http.Agent({ keepAlive: true, maxSockets: USERS + 10 });

function call(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Phase {
  requests: number;
  seconds: number;
  latencies: number[];
  statuses: Map<number, number>;
}

/**
 * Every user loops `fn` until the deadline; latencies after the warm-up are kept. `atWarm` runs
 * once when the warm-up ends (the CPU meter starts there) and its result is returned.
 */
async function phase<M>(
  seconds: number,
  fn: (user: number) => Promise<number>,
  atWarm: () => Promise<M>,
): Promise<Phase & { meter: M }> {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const warmEnd = performance.now() + WARMUP_SECONDS * 1000;
  const end = warmEnd + seconds * 1000;
  let requests = 0;
  const meter = sleep(WARMUP_SECONDS * 1000).then(atWarm);
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      while (performance.now() < end) {
        const started = performance.now();
        const status = await fn(user);
        const done = performance.now();
        if (started >= warmEnd && done <= end) {
          requests++;
          latencies.push(done - started);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }
    }),
  );
  return {
    requests,
    seconds,
    latencies: latencies.sort((a, b) => a - b),
    statuses,
    meter: await meter,
  };
}

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux; null elsewhere). Ticks of
 * 1/100 s (CLK_TCK is 100 on Linux x86 and arm).
 */
async function cpuSeconds(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // Fields after the command name (which may hold spaces) start at field 3; utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Where the CPU went during a phase: the server process, and PostgreSQL's backends serving its
 * pool (found by database name; those that lived through the whole phase). Per request, in ms.
 */
async function cpuMeter(db: pg.Client, serverPid: number, dbName: string) {
  const backends = async () =>
    (
      await db.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      )
    ).rows.map((r) => r.pid);
  const sample = async (pids: number[]) => {
    const server = await cpuSeconds(serverPid);
    const each = await Promise.all(pids.map(async (pid) => [pid, await cpuSeconds(pid)] as const));
    return { server, backends: new Map(each) };
  };
  const startPids = await backends();
  const start = await sample(startPids);
  return async (requests: number) => {
    const end = await sample(startPids);
    let pgSeconds = 0;
    let lived = 0;
    for (const [pid, before] of start.backends) {
      const after = end.backends.get(pid);
      if (before === null || after === null || after === undefined) continue;
      pgSeconds += after - before;
      lived++;
    }
    const per = (seconds: number) => ((seconds * 1000) / Math.max(1, requests)).toFixed(2);
    return {
      server: start.server === null || end.server === null ? 'n/a' : per(end.server - start.server),
      postgres: startPids.length === 0 ? 'n/a' : `${per(pgSeconds)} (${lived} backends)`,
    };
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const dbName = `${DB_PREFIX}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  // The demo activity as configured (limited and unlimited prizes), with room for every draw.
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-server-'));
  const demo = JSON.parse(
    await readFile(path.join(root, 'server/activities', `${CODE}.json`), 'utf8'),
  ) as Record<string, unknown>;
  demo.chances = { dailyFree: 0, maxBalance: 1_000_000, costPerDraw: 1 };
  await writeFile(path.join(dir, `${CODE}.json`), JSON.stringify(demo));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      DATABASE_POOL_SIZE: String(POOL),
      SESSION_SECRET: 'bench-secret-0123456789abcdefghij',
      ACTIVITIES_DIR: dir,
      STATIC_DIR: dir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      // The bench measures the draw path, not the limiter: no user is limited.
      RATE_LIMIT_CAPACITY: '1000000',
      RATE_LIMIT_REFILL_PER_SECOND: '1000000',
      REDIS_URL: '',
      // Every bench user signs in from 127.0.0.1.
      SMS_SENDS_PER_ADDRESS_PER_HOUR: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    let ready = false;
    for (let i = 0; i < 200 && !ready; i++) {
      ready = await call(port, 'GET', '/mp/api/health/ready')
        .then((r) => r.status === 200)
        .catch(() => false);
      if (!ready) await sleep(150);
    }
    if (!ready) throw new Error('the server did not start');
    await db.connect();
    const cookies: string[] = [];
    for (let u = 0; u < USERS; u++) {
      // The real sign-in (code from the development inbox): no back door, even for the bench.
      const { jar } = await signInThroughFlow(
        httpSend(() => `http://127.0.0.1:${port}`),
        `150${String(u).padStart(8, '0')}`,
      );
      const cookie = jar.header(['userId', 'serviceToken']);
      const id = /userId=(\d+)/.exec(cookie)?.[1];
      if (!id) throw new Error(`login failed for user ${u}`);
      await db.query(
        `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, 1000000)
         ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = 1000000`,
        [id, CODE],
      );
      cookies.push(cookie);
    }

    let n = 0;
    const meter = () => cpuMeter(db, server.pid ?? 0, dbName);
    const draws = await phase(
      SECONDS,
      async (user) => {
        const res = await call(
          port,
          'GET',
          `/mp/api/generalActivity/luckDraw?activityCode=${CODE}`,
          {
            cookie: cookies[user] ?? '',
            'Idempotency-Key': `bench-${user}-${n++}-${dbName}`,
          },
        );
        return res.status;
      },
      meter,
    );
    const drawCpu = await draws.meter(draws.requests);
    const select1 = await phase(
      SECONDS,
      async () => {
        const res = await call(port, 'GET', '/mp/api/health/ready');
        return res.status;
      },
      meter,
    );
    const select1Cpu = await select1.meter(select1.requests);

    const row = (name: string, p: Phase) => {
      const p50 = percentile(p.latencies, 50);
      const p99 = percentile(p.latencies, 99);
      const statuses = [...p.statuses].map(([s, c]) => `${s}×${c}`).join(' ');
      return {
        name,
        rate: p.requests / p.seconds,
        p50,
        p99,
        line: `| ${name} | ${(p.requests / p.seconds).toFixed(0)} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${(p99 / p50).toFixed(1)} | ${statuses} |`,
      };
    };
    const d = row('draw (`luckDraw`)', draws);
    const s = row('`SELECT 1` (`health/ready`)', select1);
    const awarded = await db.query<{ prize_id: string; n: number }>(
      `SELECT prize_id, COUNT(*)::int AS n FROM draws GROUP BY prize_id ORDER BY n DESC`,
    );
    console.log(
      `\n${USERS} users, ${SECONDS} s per phase after ${WARMUP_SECONDS} s warm-up, pool ${POOL}, ` +
        `${cpus().length} cores, server and load generator on the same machine\n`,
    );
    console.log('| route | req/s | p50 ms | p99 ms | p99/p50 | statuses |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(d.line);
    console.log(s.line);
    console.log(
      `\ndraws/s ÷ SELECT 1 req/s = ${(d.rate / s.rate).toFixed(2)} (target ≥ 0.3); ` +
        `draw p99/p50 = ${(d.p99 / d.p50).toFixed(1)} (target ≤ 5)`,
    );
    console.log(`prizes: ${awarded.rows.map((r) => `${r.prize_id} ${r.n}`).join(', ')}`);
    console.log(
      `CPU ms per request (after warm-up): draw: server ${drawCpu.server}, PostgreSQL ` +
        `${drawCpu.postgres}; SELECT 1: server ${select1Cpu.server}, PostgreSQL ${select1Cpu.postgres}`,
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
    agent.destroy();
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
