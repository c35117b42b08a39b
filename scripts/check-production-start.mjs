// CI (scripts/test-all.sh, after `npm run build`): the production start works on a built tree
// with no dev dependency (issue 35). Copies what a deployment ships (package.json, the lockfile,
// dist/, server/dist/, migrations, activities, scripts/start.mjs) into a temporary folder, runs
// `npm ci --omit=dev` there, starts it with NODE_ENV=production on a free port, then checks that
// the lucky-draw page, its stylesheet and a draw by a user signed in through the real flow are
// served.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Run through tsx (scripts/test-all.sh): the one sign-in flow the server's tests use.
import { codeFromLog, httpSend, signInThroughFlow } from '../server/test/sign-in-flow.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What a deployment ships from a built tree: the front end, the bundled server, its data. */
const SHIPPED = [
  'package.json',
  'package-lock.json',
  'dist',
  'server/dist',
  'server/migrations',
  'server/activities',
  'scripts/start.mjs',
];
const ACTIVITY = 'demo-luckdraw';
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

function fail(message) {
  throw new Error(`production start: ${message}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(base, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) fail(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/mp/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  fail('no answer on /mp/api/health within 30 s');
}

/**
 * Signs a user in through the real flow (issue 35: OpenID Connect, the embedded provider as a
 * declared production demo) and returns the Cookie header the server set. A demo has no dev
 * inbox: the code is read from the server's log, where the demo SMS sender writes it.
 */
async function signIn(base, phone, serverLog) {
  const readCode = async (to) => {
    for (let i = 0; i < 100; i++) {
      const code = codeFromLog(serverLog.join(''), to);
      if (code !== null) return code;
      await sleep(50);
    }
    fail(`no sign-in code for ${to} in the server's log`);
  };
  const { jar } = await signInThroughFlow(
    httpSend(() => base),
    phone,
    '/mp/activity/luckDraw',
    readCode,
  );
  return jar.header();
}

async function checkPage(base) {
  const res = await fetch(`${base}/mp/activity/luckDraw`);
  const html = await res.text();
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/html')) {
    fail(`GET /mp/activity/luckDraw answered ${res.status} ${res.headers.get('content-type')}`);
  }
  // The page's first asset of the build (its stylesheet): static files are served too.
  const asset = /"(\/mp\/activity\/assets\/[^"]+)"/.exec(html)?.[1];
  if (!asset) fail('the lucky-draw page names no asset of the build');
  const file = await fetch(`${base}${asset}`);
  if (file.status !== 200) fail(`GET ${asset} answered ${file.status}`);
}

async function checkDraw(base, serverLog) {
  const cookie = await signIn(base, '13912345678', serverLog);
  const res = await fetch(`${base}/mp/api/generalActivity/luckDraw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ activityCode: ACTIVITY }),
  });
  const body = await res.json().catch(() => null);
  if (res.status !== 200 || body?.code !== 0 || typeof body.result?.prizeId !== 'string') {
    fail(`the draw answered ${res.status} ${JSON.stringify(body)}`);
  }
  return body.result.prizeId;
}

async function main() {
  for (const file of ['dist/index.html', 'server/dist/main.js']) {
    if (!existsSync(path.join(root, file))) fail(`${file} missing: run npm run build first`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'campaign-prod-'));
  let child;
  try {
    for (const item of SHIPPED)
      cpSync(path.join(root, item), path.join(dir, item), { recursive: true });
    const install = spawnSync(
      'npm',
      ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: dir, stdio: 'inherit' },
    );
    if (install.status !== 0) fail(`npm ci --omit=dev exited with ${install.status}`);
    if (existsSync(path.join(dir, 'node_modules/tsx'))) fail('a dev dependency was installed');
    console.log(`npm ci --omit=dev: ${seconds()}`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Only what a production host would set: no variable of this machine's shell leaks in.
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        LOG_LEVEL: 'warn',
        // No provider of ours here: the embedded sign-in, declared as a demo (else it refuses).
        OIDC_EMBEDDED_DEMO: '1',
      },
    });
    const serverLog = [];
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        serverLog.push(chunk.toString());
        process.stdout.write(chunk);
      });
    }
    await waitForHealth(base, child);
    console.log(`server ready: ${seconds()}`);
    await checkPage(base);
    const prize = await checkDraw(base, serverLog);
    console.log(`production start: page, stylesheet and a draw (${prize}) served in ${seconds()}`);

    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) fail(`SIGTERM: the server exited with ${code}, not 0`);
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
