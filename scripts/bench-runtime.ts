/**
 * npm run bench:runtime: what a page costs a mid-range phone, measured in Chromium with the CPU
 * slowed 4x (issue 2 measured its validator costs the same way). Two groups, each page opened
 * cold several times, pages alternating so the machine's noise falls on all of them alike;
 * medians and ratios, timing lives here, never in tests (docs/perf.md):
 *
 * - first load: the app's routes against the issue's reference page (bench/baseline/data-router)
 *   on Lighthouse's mobile network (150 ms round trips, 1.6 Mbit/s);
 * - render cost (issue 10): a 500-widget document rendered by the engine in the browser against
 *   the same markup hand-written in React (bench/many-widgets), CPU only: the network is
 *   localhost, so what differs is the work of building the page.
 *
 * Every page is built here and served by the reference server on the embedded database.
 * Options: `--compare <rev>` also measures the app (and the engine page) of an earlier commit in
 * the same run; `--only first-load|render` runs one group; `--page <name>` runs one target (a
 * name of TARGETS, e.g. /tongchengFeb) beside its group's reference; `--profile <dir>` adds
 * profiled visits per page after the measured ones (BENCH_PROFILE_RUNS, 5), writes the last
 * Chrome CPU profile of each there (open it in DevTools) and prints the top self times and the
 * inclusive time of React's phases and the engine's layers. With BENCH_READABLE=1 every page is
 * built unminified, so those names survive (slower pages: read ratios of readable builds only
 * against each other).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { devices, type CDPSession } from '@playwright/test';
import { LAST_LABEL } from '../bench/many-widgets/content';
import { buildBaselinePage, buildManyWidgetsPage, root, viteBuild } from './bench-builds';
import { launchChromium, startServers } from './bench-serve';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile network: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const NETWORK = {
  latency: 150,
  downloadThroughput: (1600 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

type Group = 'first-load' | 'render';
type ServerName = 'app' | 'reference' | 'before' | 'manyEngine' | 'manyHand' | 'manyEngineBefore';

interface Target {
  name: string;
  group: Group;
  server: ServerName;
  path: string;
  /** XPath of the element whose arrival in the DOM means the page's content is there. */
  ready: string;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/**
 * `--compare <rev>`: also measures the app as built from an earlier commit, in the same run, so
 * a change's effect is a ratio of numbers from one machine at one time.
 */
const compareRev = option('--compare');
const only = option('--only');
if (only !== undefined && only !== 'first-load' && only !== 'render') {
  throw new Error(`--only first-load or --only render, not ${only}`);
}
/** `--page <name>`: that target alone, with its group's reference (the ratios' base). */
const pageName = option('--page');
const profileDir = option('--profile');
/** Profiled visits per page with `--profile`. */
const PROFILE_RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 5);

/** What the page's ready probe logs once the content is in the DOM. */
const READY_MESSAGE = 'bench:content-ready';

const lastButton = `//button[normalize-space()='${LAST_LABEL}']`;
const TARGETS: Target[] = [
  {
    name: 'reference page',
    group: 'first-load',
    server: 'reference',
    path: '/mp/activity/',
    ready: "//button[normalize-space()='立即抽奖']",
  },
  {
    name: '/luckDraw',
    group: 'first-load',
    server: 'app',
    path: '/mp/activity/luckDraw',
    ready: "//button[normalize-space()='立即抽奖']",
  },
  {
    // What a new visitor (logged out) gets: the lead form's login prompt, with the page's own
    // text and its button (the claim button shows only to a bound, logged-in visitor).
    name: '/tongchengFeb',
    group: 'first-load',
    server: 'app',
    path: '/mp/activity/tongchengFeb',
    ready:
      "//p[normalize-space()='登录后绑定手机号领取出行券']/following-sibling::button[normalize-space()='立即登录']",
  },
  {
    name: '/',
    group: 'first-load',
    server: 'app',
    path: '/mp/activity/',
    ready: "//img[@alt='钱包福利中心']",
  },
  {
    name: '500 widgets, hand-written',
    group: 'render',
    server: 'manyHand',
    path: '/mp/activity/',
    ready: lastButton,
  },
  {
    name: '500 widgets, engine',
    group: 'render',
    server: 'manyEngine',
    path: '/mp/activity/',
    ready: lastButton,
  },
]
  .filter((target): target is Target => only === undefined || target.group === only)
  .filter((target, _, all) => {
    if (pageName === undefined) return true;
    const group = all.find((candidate) => candidate.name === pageName)?.group;
    if (group === undefined) throw new Error(`--page: no target named ${pageName}`);
    // The first target of a group is the base of its ratios (the reference page, the
    // hand-written 500 widgets).
    const reference = all.find((candidate) => candidate.group === group);
    return target.name === pageName || target === reference;
  });
if (compareRev) {
  for (const target of [...TARGETS]) {
    if (target.server === 'app') {
      TARGETS.push({ ...target, name: `${target.name} @${compareRev}`, server: 'before' });
    }
    if (target.server === 'manyEngine') {
      TARGETS.push({
        ...target,
        name: `${target.name} @${compareRev}`,
        server: 'manyEngineBefore',
      });
    }
  }
}
const uses = (server: ServerName) => TARGETS.some((target) => target.server === server);

/**
 * Builds the app of an earlier commit (a git worktree sharing this checkout's node_modules), and
 * its engine under this checkout's render-cost page (bench/many-widgets copied in, but for that
 * revision's own build config and start-up of it).
 */
function buildRevision(
  rev: string,
  outDirs: { app?: string | undefined; manyEngine?: string | undefined },
): void {
  const tree = mkdtempSync(join(tmpdir(), 'bench-runtime-rev-'));
  execFileSync('git', ['worktree', 'add', '--detach', tree, rev], { cwd: root, stdio: 'ignore' });
  try {
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
    if (outDirs.app) viteBuild(outDirs.app, { cwd: tree });
    if (outDirs.manyEngine) {
      // The same page, built as that revision builds it: its own build config and its own
      // start-up (engine/) when it has them (how chunks are cut and what the app does before it
      // renders are part of what a revision changes, decisions 0032 and 0034). The document is
      // this checkout's either way (buildManyWidgetsPage writes it).
      const own = (file: string) => existsSync(join(tree, 'bench/many-widgets', file));
      const keep = ['vite.config.ts', 'engine/main.tsx', 'engine/boot.ts', 'engine/index.html'];
      cpSync(join(root, 'bench/many-widgets'), join(tree, 'bench/many-widgets'), {
        recursive: true,
        filter: (source) =>
          !keep.some((file) => own(file) && source.endsWith(`many-widgets/${file}`)),
      });
      buildManyWidgetsPage(outDirs.manyEngine, 'engine', tree);
    }
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
  }
}

/**
 * Records in `window.benchReadyAt` when the element arrives in the DOM, and says so on the
 * console (the bench waits for that message rather than polling the page, which would cost the
 * page main-thread time). A string, not a function: tsx would compile a function with helpers
 * the page does not have.
 */
function readyProbe(xpath: string): string {
  return `(() => {
    const xpath = ${JSON.stringify(xpath)};
    const observer = new MutationObserver(() => {
      const node = document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null);
      if (node.singleNodeValue === null) return;
      window.benchReadyAt = performance.now();
      observer.disconnect();
      console.debug(${JSON.stringify(READY_MESSAGE)});
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();`;
}

interface Sample {
  readyMs: number;
  /**
   * Render-cost pages only: from the `bench:prepared` mark (entry run, document and first
   * chunks loaded: React is about to render) to the content in the DOM.
   */
  renderMs: number;
  /**
   * Render-cost pages only, the steps before React renders: until the last of the page's own
   * files (scripts, stylesheet, document) has arrived; until the page's code starts (the
   * `bench:start` mark: its scripts evaluated); from then until `bench:prepared` (what the app
   * does before it renders: services, document, first chunks).
   */
  filesMs: number;
  startMs: number;
  startupMs: number;
  scriptMs: number;
  taskMs: number;
  heapKiB: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The parts of a Chrome CPU profile (Profiler.stop) that a self-time summary needs. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time per function of a profile, largest first (idle and the profiler itself left out). */
function selfTimes(profile: CpuProfile): { frame: string; ms: number }[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const frame = byNode.get(samples[i] ?? -1)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  }
  return [...totals].map(([frame, ms]) => ({ frame, ms })).sort((a, b) => b.ms - a.ms);
}

/**
 * Frames whose inclusive time the profile summary reports: React's phases and the engine's
 * layers (names survive only in a readable build: BENCH_READABLE=1).
 */
const PROFILED_FRAMES = [
  'renderRootSync',
  'beginWork',
  'completeWork',
  'commitRoot',
  'flushPassiveEffects',
  'updateFunctionComponent',
  'updateClassComponent',
  'updateSuspenseComponent',
  'NodeView',
  'render',
  'bindProps',
  'bindPropsShared',
  'evaluateCondition',
  'CampaignPage',
  'useApi',
  'createBrowserServices',
  'prepareFirstRender',
];

/** Inclusive time per function name (a sample counts once for every frame on its stack). */
function inclusiveTimes(profile: CpuProfile): Map<string, number> {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const leaf = byNode.get(samples[i] ?? -1)?.callFrame.functionName;
    if (leaf === undefined || leaf === '(idle)' || leaf === '(program)') continue;
    const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
    const names = new Set<string>(['(main thread busy)']);
    for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
      names.add(byNode.get(id)?.callFrame.functionName || '(anonymous)');
    }
    for (const name of names) totals.set(name, (totals.get(name) ?? 0) + ms);
  }
  return totals;
}

async function main() {
  const dirs = new Map<ServerName, string>();
  /** A fresh build folder for a server's page, when a target uses that server. */
  const folder = (server: ServerName): string | undefined => {
    if (!uses(server)) return undefined;
    const dir = mkdtempSync(join(tmpdir(), `bench-runtime-${server}-`));
    dirs.set(server, dir);
    return dir;
  };
  const appDir = folder('app');
  if (appDir) viteBuild(appDir);
  const referenceDir = folder('reference');
  if (referenceDir) buildBaselinePage(referenceDir, 'data-router');
  const manyHandDir = folder('manyHand');
  if (manyHandDir) buildManyWidgetsPage(manyHandDir, 'hand-written');
  const manyEngineDir = folder('manyEngine');
  if (manyEngineDir) buildManyWidgetsPage(manyEngineDir, 'engine');
  if (compareRev) {
    buildRevision(compareRev, { app: folder('before'), manyEngine: folder('manyEngineBefore') });
  }
  // Only the servers some target uses were built.
  const { servers, stopAll } = await startServers(
    Object.fromEntries(dirs) as Partial<Record<ServerName, string>> as Record<string, string>,
  );
  const browser = await launchChromium();
  const samples = new Map<string, Sample[]>(TARGETS.map((target) => [target.name, []]));
  try {
    const visit = async (target: Target, record: (cdp: CDPSession) => Promise<void>) => {
      // A new context per visit: a cold HTTP cache, as on a first visit.
      const context = await browser.newContext({ ...devices['Pixel 7'] });
      try {
        const page = await context.newPage();
        await page.addInitScript(readyProbe(target.ready));
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await cdp.send('Network.enable');
        if (target.group === 'first-load') {
          await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
        }
        await cdp.send('Performance.enable');
        await record(cdp);
        const ready = page.waitForEvent('console', {
          predicate: (message) => message.text() === READY_MESSAGE,
          timeout: 60_000,
        });
        // Awaited below; a navigation that fails first must not leave it unhandled.
        ready.catch(() => undefined);
        await page.goto(`${servers[target.server]?.origin}${target.path}`, {
          waitUntil: 'load',
        });
        await ready.catch((error: unknown) => {
          throw new Error(`${target.name}: its content never arrived`, { cause: error });
        });
        await page.waitForLoadState('networkidle');
        return { page, cdp };
      } catch (error) {
        await context.close();
        throw error;
      }
    };
    // One warm-up pass (server caches, the OS's file cache), not counted.
    for (let run = -1; run < RUNS; run += 1) {
      for (const target of TARGETS) {
        const { page, cdp } = await visit(target, async () => undefined);
        const { readyMs, preparedMs, startMs, filesMs } = await page.evaluate(() => ({
          readyMs: (window as unknown as { benchReadyAt: number }).benchReadyAt,
          preparedMs: performance.getEntriesByName('bench:prepared')[0]?.startTime ?? Number.NaN,
          startMs: performance.getEntriesByName('bench:start')[0]?.startTime ?? Number.NaN,
          filesMs: Math.max(
            ...performance
              .getEntriesByType('resource')
              .filter((entry) => /\.(js|css|json)(\?|$)/.test(entry.name))
              .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
          ),
        }));
        const { metrics } = (await cdp.send('Performance.getMetrics')) as {
          metrics: { name: string; value: number }[];
        };
        const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
        if (run >= 0) {
          samples.get(target.name)?.push({
            readyMs,
            renderMs: readyMs - preparedMs,
            filesMs,
            startMs,
            startupMs: preparedMs - startMs,
            scriptMs: metric('ScriptDuration') * 1000,
            taskMs: metric('TaskDuration') * 1000,
            heapKiB: metric('JSHeapUsedSize') / 1024,
          });
        }
        await page.context().close();
      }
    }
    if (profileDir) {
      // Profiled visits after the measured ones (the profiler slows a page down), interleaved;
      // inclusive times are averaged over them, the last visit's profile is written out.
      mkdirSync(profileDir, { recursive: true });
      const inclusive = new Map<string, Map<string, number>>();
      for (let pass = 0; pass < PROFILE_RUNS; pass += 1) {
        for (const target of TARGETS) {
          const { page, cdp } = await visit(target, async (session) => {
            await session.send('Profiler.enable');
            await session.send('Profiler.setSamplingInterval', { interval: 100 });
            await session.send('Profiler.start');
          });
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
          await page.context().close();
          const sums = inclusive.get(target.name) ?? new Map<string, number>();
          for (const [name, ms] of inclusiveTimes(profile))
            sums.set(name, (sums.get(name) ?? 0) + ms);
          inclusive.set(target.name, sums);
          if (pass < PROFILE_RUNS - 1) continue;
          const file = resolve(profileDir, `${target.name.replace(/[^\w@]+/g, '-')}.cpuprofile`);
          writeFileSync(file, JSON.stringify(profile));
          console.log(`\n${target.name}: main-thread self time, top functions (${file})`);
          for (const { frame, ms } of selfTimes(profile).slice(0, 15)) {
            console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${frame}`);
          }
        }
      }
      console.log(
        `\ninclusive time (ms, mean of ${PROFILE_RUNS} profiled visits; names need BENCH_READABLE=1)`,
      );
      console.log(
        `  ${'frame'.padEnd(28)}${TARGETS.map((t) => t.name.slice(0, 30).padStart(32)).join('')}`,
      );
      for (const frame of ['(main thread busy)', ...PROFILED_FRAMES]) {
        const cells = TARGETS.map((target) =>
          ((inclusive.get(target.name)?.get(frame) ?? 0) / PROFILE_RUNS).toFixed(1).padStart(32),
        );
        console.log(`  ${frame.padEnd(28)}${cells.join('')}`);
      }
    }
  } finally {
    await browser.close();
    await stopAll();
  }

  const summary = TARGETS.map((target) => {
    const list = samples.get(target.name) ?? [];
    return {
      ...target,
      readyMs: median(list.map((s) => s.readyMs)),
      renderMs: median(list.map((s) => s.renderMs)),
      filesMs: median(list.map((s) => s.filesMs)),
      startMs: median(list.map((s) => s.startMs)),
      startupMs: median(list.map((s) => s.startupMs)),
      scriptMs: median(list.map((s) => s.scriptMs)),
      taskMs: median(list.map((s) => s.taskMs)),
      heapKiB: median(list.map((s) => s.heapKiB)),
    };
  });
  const cell = (value: number, base: number, unit: string) =>
    `${value.toFixed(0)} ${unit} (${(value / base).toFixed(2)}x)`.padStart(20);
  const table = (rows: typeof summary, title: string) => {
    const base = rows[0];
    if (!base) return;
    const render = base.group === 'render';
    console.log(`\n${title}`);
    console.log(
      `  ${'page'.padEnd(32)} ${'content in DOM'.padStart(20)}${render ? ` ${'render to DOM'.padStart(20)}` : ''} ${'script time'.padStart(20)} ${'main-thread tasks'.padStart(20)} ${'JS heap used'.padStart(22)}`,
    );
    for (const row of rows) {
      console.log(
        `  ${row.name.padEnd(32)} ${cell(row.readyMs, base.readyMs, 'ms')}${render ? ` ${cell(row.renderMs, base.renderMs, 'ms')}` : ''} ${cell(row.scriptMs, base.scriptMs, 'ms')} ${cell(row.taskMs, base.taskMs, 'ms')} ${cell(row.heapKiB, base.heapKiB, 'KiB').padStart(22)}`,
      );
    }
  };
  table(
    summary.filter((row) => row.group === 'first-load'),
    `first load in Chromium, CPU ${CPU_SLOWDOWN}x slower, ${NETWORK.latency} ms round trips, cold cache; median of ${RUNS} runs (ratio to the reference page)`,
  );
  const steps = (rows: typeof summary) => {
    const base = rows[0];
    if (!base) return;
    console.log(
      `\nrender cost, the steps (medians of each; the files' ratio is of arrival times, the others of durations or of a mark's time):`,
    );
    console.log(
      `  ${'page'.padEnd(32)} ${'files arrived'.padStart(20)} ${'code started'.padStart(20)} ${'start-up'.padStart(20)} ${'render to DOM'.padStart(20)}`,
    );
    for (const row of rows) {
      console.log(
        `  ${row.name.padEnd(32)} ${cell(row.filesMs, base.filesMs, 'ms')} ${cell(row.startMs, base.startMs, 'ms')} ${`${row.startupMs.toFixed(0)} ms`.padStart(20)} ${cell(row.renderMs, base.renderMs, 'ms')}`,
      );
    }
  };
  table(
    summary.filter((row) => row.group === 'render'),
    `render cost: 500 widgets (250 rich-text + 250 buttons) until the last is in the DOM (render to DOM: from the bench:prepared mark, when React starts), CPU ${CPU_SLOWDOWN}x slower, no network delay, cold cache; median of ${RUNS} runs (ratio to the hand-written page)`,
  );
  steps(summary.filter((row) => row.group === 'render'));
}

await main();
