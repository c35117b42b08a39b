/**
 * npm run bench:runtime: what a first load costs a mid-range phone on a mobile network, measured
 * in Chromium with the CPU slowed 4x (issue 2 measured its validator costs the same way) and
 * Lighthouse's mobile network (150 ms round trips, 1.6 Mbit/s). Builds the
 * app and the reference page (bench/baseline/data-router), serves each through the
 * reference server on the embedded database, and opens every page cold, several times,
 * alternating pages so the machine's noise falls on all of them alike. Reports medians and ratios
 * to the reference page; timing lives here, never in tests (docs/perf.md).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { buildBaselinePage, root, viteBuild } from './bench-builds';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile network: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const NETWORK = {
  latency: 150,
  downloadThroughput: (1600 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

interface Target {
  name: string;
  server: 'app' | 'reference' | 'before';
  path: string;
  /** XPath of the element whose arrival in the DOM means the page's content is there. */
  ready: string;
}

const TARGETS: Target[] = [
  {
    name: 'reference page',
    server: 'reference',
    path: '/mp/activity/',
    ready: "//button[normalize-space()='立即抽奖']",
  },
  {
    name: '/luckDraw',
    server: 'app',
    path: '/mp/activity/luckDraw',
    ready: "//button[normalize-space()='立即抽奖']",
  },
  {
    name: '/tongchengFeb',
    server: 'app',
    path: '/mp/activity/tongchengFeb',
    ready: "//button[normalize-space()='领取二月出行券']",
  },
  { name: '/', server: 'app', path: '/mp/activity/', ready: "//img[@alt='钱包福利中心']" },
];

/**
 * `--compare <rev>`: also measures the app as built from an earlier commit, in the same run, so
 * a change's effect is a ratio of numbers from one machine at one time.
 */
const compareIndex = process.argv.indexOf('--compare');
const compareRev = compareIndex >= 0 ? process.argv[compareIndex + 1] : undefined;
if (compareRev) {
  for (const target of TARGETS.filter((t) => t.server === 'app')) {
    TARGETS.push({ ...target, name: `${target.name} @${compareRev}`, server: 'before' });
  }
}

/** Builds the app of an earlier commit (a git worktree sharing this checkout's node_modules). */
function buildRevision(rev: string, outDir: string): void {
  const tree = mkdtempSync(join(tmpdir(), 'bench-runtime-rev-'));
  execFileSync('git', ['worktree', 'add', '--detach', tree, rev], { cwd: root, stdio: 'ignore' });
  try {
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
    viteBuild(outDir, { cwd: tree });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
  }
}

/** A port nothing listens on now (the OS picks it), so the bench never collides with a dev server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(staticDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      STATIC_DIR: staticDir,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-runtime-data-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/mp/api/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`the server on port ${port} did not become healthy`);
}

/**
 * Records in `window.benchReadyAt` when the element arrives in the DOM. A string, not a function:
 * tsx would compile a function with helpers the page does not have.
 */
function readyProbe(xpath: string): string {
  return `(() => {
    const xpath = ${JSON.stringify(xpath)};
    const observer = new MutationObserver(() => {
      const node = document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null);
      if (node.singleNodeValue === null) return;
      window.benchReadyAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();`;
}

interface Sample {
  readyMs: number;
  scriptMs: number;
  taskMs: number;
  heapKiB: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  const appOut = mkdtempSync(join(tmpdir(), 'bench-runtime-app-'));
  const referenceOut = mkdtempSync(join(tmpdir(), 'bench-runtime-reference-'));
  viteBuild(appOut);
  buildBaselinePage(referenceOut, 'data-router');
  const beforeOut = mkdtempSync(join(tmpdir(), 'bench-runtime-before-'));
  if (compareRev) buildRevision(compareRev, beforeOut);
  const ports = { app: await freePort(), reference: await freePort(), before: await freePort() };
  const servers = [
    await startServer(appOut, ports.app),
    await startServer(referenceOut, ports.reference),
    ...(compareRev ? [await startServer(beforeOut, ports.before)] : []),
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const samples = new Map<string, Sample[]>(TARGETS.map((target) => [target.name, []]));
  try {
    // One warm-up pass (server caches, the OS's file cache), not counted.
    for (let run = -1; run < RUNS; run += 1) {
      for (const target of TARGETS) {
        // A new context per visit: a cold HTTP cache, as on a first visit.
        const context = await browser.newContext({ ...devices['Pixel 7'] });
        const page = await context.newPage();
        await page.addInitScript(readyProbe(target.ready));
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
        await cdp.send('Performance.enable');
        await page.goto(`http://127.0.0.1:${ports[target.server]}${target.path}`, {
          waitUntil: 'load',
        });
        await page
          .waitForFunction(() => 'benchReadyAt' in window, undefined, { timeout: 60_000 })
          .catch((error: unknown) => {
            throw new Error(`${target.name}: its content never arrived`, { cause: error });
          });
        await page.waitForLoadState('networkidle');
        const readyMs = await page.evaluate(
          () => (window as unknown as { benchReadyAt: number }).benchReadyAt,
        );
        const { metrics } = (await cdp.send('Performance.getMetrics')) as {
          metrics: { name: string; value: number }[];
        };
        const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
        if (run >= 0) {
          samples.get(target.name)?.push({
            readyMs,
            scriptMs: metric('ScriptDuration') * 1000,
            taskMs: metric('TaskDuration') * 1000,
            heapKiB: metric('JSHeapUsedSize') / 1024,
          });
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) server.kill();
  }

  const summary = TARGETS.map((target) => {
    const list = samples.get(target.name) ?? [];
    return {
      name: target.name,
      readyMs: median(list.map((s) => s.readyMs)),
      scriptMs: median(list.map((s) => s.scriptMs)),
      taskMs: median(list.map((s) => s.taskMs)),
      heapKiB: median(list.map((s) => s.heapKiB)),
    };
  });
  const reference = summary[0];
  if (!reference) return;
  console.log(
    `\nfirst load in Chromium, CPU ${CPU_SLOWDOWN}x slower, ${NETWORK.latency} ms round trips, cold cache; median of ${RUNS} runs (ratio to the reference page)`,
  );
  console.log(
    `  ${'page'.padEnd(24)} ${'content in DOM'.padStart(20)} ${'script time'.padStart(20)} ${'main-thread tasks'.padStart(20)} ${'JS heap used'.padStart(22)}`,
  );
  const cell = (value: number, base: number, unit: string) =>
    `${value.toFixed(0)} ${unit} (${(value / base).toFixed(2)}x)`.padStart(20);
  for (const row of summary) {
    console.log(
      `  ${row.name.padEnd(24)} ${cell(row.readyMs, reference.readyMs, 'ms')} ${cell(row.scriptMs, reference.scriptMs, 'ms')} ${cell(row.taskMs, reference.taskMs, 'ms')} ${cell(row.heapKiB, reference.heapKiB, 'KiB').padStart(22)}`,
    );
  }
}

await main();
