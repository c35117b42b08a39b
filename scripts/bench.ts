/**
 * npm run bench: the JavaScript a phone downloads for each campaign route, measured in Chromium
 * against the app as the reference server serves it, beside the hand-written reference pages of
 * the same content (bench/baseline) built and served the same way; plus what each widget adds
 * and how long validating campaigns/ takes. Writes bench/results.json and prints a table;
 * docs/perf.md records a run.
 *
 * A first load is every JS file Chromium fetches from navigation until the page is idle (and the
 * route's campaign document, a JSON file the app runs as its page: it was a JS chunk once): the
 * load event has fired, every idle callback the page asked for has run (`clock.whenIdle`: the
 * document's other widgets...; the bench counts requestIdleCallback calls in the page), no
 * script request is in flight, the main thread is free (no hydration still in progress whose
 * effects would ask for more), and none of that has changed for QUIET_MS. Two figures per file:
 * the bytes on the wire as the server encoded them (brotli, gzip or none, whatever it answered to
 * Chromium's Accept-Encoding), and the file gzipped here at level 9, so the budget does not
 * depend on how the server compresses. No interaction, same build: the set of files is the same
 * every run, so `--check` gates on sizes, never on a clock.
 *
 * Options: `--check` exits 1 when a route is over the budget (CI; it builds and measures only
 * the app and the reference page); `--app <dir>` measures a production build already made from
 * the same sources instead of building one; `--files` lists every file each page fetched.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { devices, type Browser, type Request } from '@playwright/test';
import { openProject } from '../src/build/campaign-context';
import { validateCampaigns } from '../src/build/validate-campaigns';
import { BASE_PATH } from '../src/spec/constants';
import { DOCUMENTS_DIR } from '../src/contracts/site/build-output';
import { buildBaselinePage, buildSameContentApp, root, viteBuild } from './bench-builds';
import { launchChromium, startServers, type BenchServer } from './bench-serve';

/**
 * The first-load budget (decision 0038, adopted): all JS by idle within 1.15x of the hand-written
 * reference page on the product's own stack (React + react-router + swr, bench/baseline).
 */
const FIRST_LOAD_BUDGET_RATIO = 1.15;

function isOver(page: { ratio: number; wireRatio: number }): boolean {
  return page.ratio > FIRST_LOAD_BUDGET_RATIO || page.wireRatio > FIRST_LOAD_BUDGET_RATIO;
}

/** Idle: no script request, idle callback or load event, and a free main thread, for this long. */
const QUIET_MS = 750;
/** The main thread counts as busy when the probe's idle callback comes back later than this. */
const MAIN_THREAD_GAP_MS = 120;
/** A page that is still busy this long after navigation is a bench failure. */
const IDLE_DEADLINE_MS = 60_000;
/** Pages measured at once: waiting for idle is most of a visit, so a few overlap well. */
const CONCURRENCY = 4;
/** The route the same-content document gets in its bench build. */
const SAME_CONTENT_ROUTE = '/same-content';

interface FetchedFile {
  /** Path under the page's origin. */
  path: string;
  /** Content-Encoding the server answered with ('identity' when none). */
  encoding: string;
  /** Response body as it crossed the wire (encoded). */
  wireBytes: number;
  /** Decoded body. */
  rawBytes: number;
  /** The decoded body gzipped here, level 9. */
  gzipBytes: number;
  /** Requested before the page's load event. */
  beforeLoad: boolean;
}

interface Totals {
  wireBytes: number;
  rawBytes: number;
  gzipBytes: number;
}

interface PageLoad {
  files: FetchedFile[];
  beforeLoad: Totals;
  byIdle: Totals;
  /** Encodings seen on its scripts, e.g. "br" or "gzip, identity". */
  encodings: string;
}

function totals(files: readonly FetchedFile[]): Totals {
  return files.reduce(
    (sum, file) => ({
      wireBytes: sum.wireBytes + file.wireBytes,
      rawBytes: sum.rawBytes + file.rawBytes,
      gzipBytes: sum.gzipBytes + file.gzipBytes,
    }),
    { wireBytes: 0, rawBytes: 0, gzipBytes: 0 },
  );
}

/**
 * What the page runs: scripts, and the route's campaign document, which the app fetches as JSON
 * (fetched-documents.ts) where it was a script chunk before: the same bytes, counted the same.
 */
const isDocument = (request: Request) =>
  new URL(request.url()).pathname.startsWith(`${BASE_PATH}${DOCUMENTS_DIR}/`);
const isScript = (request: Request, contentType: string | undefined) =>
  request.resourceType() === 'script' ||
  /javascript/.test(contentType ?? '') ||
  isDocument(request);

/**
 * Counts the page's pending idle callbacks (the app's idle-time preloads go through
 * requestIdleCallback) and when one was last asked for or run, and watches the main thread: a
 * callback of its own, asked for again each time it runs, comes back within a frame or an idle
 * period (≤ 50 ms) while the thread is free, and late while a task holds it (React hydrating a
 * page in slices, say, before the page's effects ask for their idle work). A string, not a
 * function: tsx would compile a function with helpers the page does not have.
 */
const IDLE_PROBE = `(() => {
  const request = window.requestIdleCallback.bind(window);
  const cancel = window.cancelIdleCallback.bind(window);
  const pending = new Set();
  const state = { pending: 0, lastAt: performance.now(), freeSince: performance.now() };
  let lastTick = performance.now();
  const tick = () => {
    const now = performance.now();
    if (now - lastTick > ${MAIN_THREAD_GAP_MS}) state.freeSince = now;
    lastTick = now;
    request(tick);
  };
  request(tick);
  window.requestIdleCallback = (callback, options) => {
    const id = request((deadline) => {
      pending.delete(id);
      state.pending = pending.size;
      state.lastAt = performance.now();
      callback(deadline);
    }, options);
    pending.add(id);
    state.pending = pending.size;
    state.lastAt = performance.now();
    return id;
  };
  window.cancelIdleCallback = (id) => {
    pending.delete(id);
    state.pending = pending.size;
    cancel(id);
  };
  window.benchIdleState = () => {
    const now = performance.now();
    // A tick overdue now means the thread is busy now.
    const freeMs = now - lastTick > ${MAIN_THREAD_GAP_MS} ? 0 : now - state.freeSince;
    return { pending: state.pending, sinceMs: now - state.lastAt, freeMs };
  };
})();`;

/** Opens `url` cold (new context: empty cache) as a phone and records every script it fetches. */
async function measurePage(browser: Browser, url: string): Promise<PageLoad> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  try {
    const page = await context.newPage();
    let loadedAt: number | null = null;
    let lastActivity = Date.now();
    const inFlight = new Set<Request>();
    const requestedBeforeLoad = new Set<Request>();
    const recorded: Promise<FetchedFile | null>[] = [];
    page.on('load', () => (loadedAt ??= Date.now()));
    page.on('request', (request) => {
      if (loadedAt === null) requestedBeforeLoad.add(request);
      if (request.resourceType() !== 'script' && !isDocument(request)) return;
      inFlight.add(request);
      lastActivity = Date.now();
    });
    const settle = (request: Request) => {
      if (inFlight.delete(request)) lastActivity = Date.now();
    };
    page.on('requestfailed', settle);
    let measured = false;
    page.on('requestfinished', (request) => {
      settle(request);
      // A late answer (an image, an API poll) may arrive while the page is being closed.
      if (measured) return;
      recorded.push(
        (async () => {
          const response = await request.response();
          if (!response || !isScript(request, response.headers()['content-type'])) return null;
          const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
          return {
            path: new URL(request.url()).pathname,
            encoding: response.headers()['content-encoding'] ?? 'identity',
            wireBytes: sizes.responseBodySize,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            beforeLoad: requestedBeforeLoad.has(request),
          };
        })(),
      );
    });
    await page.addInitScript(IDLE_PROBE);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: IDLE_DEADLINE_MS });
    for (;;) {
      const idleState = await page.evaluate(() =>
        (
          window as unknown as {
            benchIdleState(): { pending: number; sinceMs: number; freeMs: number };
          }
        ).benchIdleState(),
      );
      const now = Date.now();
      const quiet =
        idleState.pending === 0 &&
        idleState.sinceMs >= QUIET_MS &&
        idleState.freeMs >= QUIET_MS &&
        inFlight.size === 0 &&
        now - lastActivity >= QUIET_MS &&
        now - (loadedAt ?? now) >= QUIET_MS;
      if (quiet) break;
      if (now - started > IDLE_DEADLINE_MS) {
        throw new Error(`${url}: not idle ${IDLE_DEADLINE_MS} ms after navigation`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    measured = true;
    const files = (await Promise.all(recorded))
      .filter((file): file is FetchedFile => file !== null)
      .sort((a, b) => Number(b.beforeLoad) - Number(a.beforeLoad) || a.path.localeCompare(b.path));
    return {
      files,
      beforeLoad: totals(files.filter((file) => file.beforeLoad)),
      byIdle: totals(files),
      encodings: [...new Set(files.map((file) => file.encoding))].sort().join(', '),
    };
  } finally {
    await context.close();
  }
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the items' order in the result. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, into);
  return into;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** A ratio for the table; `–` where `--check` measured no such page (strict, plugin). */
const ratio = (r: number) => (Number.isNaN(r) ? '–' : `${r.toFixed(3)}x`).padStart(8);
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `bench-${name}-`));
const pageUrl = (server: BenchServer, route: string) =>
  `${server.origin}${BASE_PATH}${route.replace(/^\//, '')}`;

async function main(): Promise<void> {
  const began = performance.now();
  const phase = (what: string) =>
    console.error(`bench: ${what} at ${((performance.now() - began) / 1000).toFixed(1)} s`);
  // 1. Builds: the app as `npm run build` makes it (or, with `--app <dir>`, a build already made
  // from the same sources: CI reuses the one its end-to-end tests serve); the same app with
  // bench/same-content.json as one more route (the issue's comparison "of the same content");
  // the hand-written pages. `--check` builds and measures only what the gate compares: the app
  // and the reference page.
  const check = process.argv.includes('--check');
  const appArg = process.argv.indexOf('--app');
  const appOut = appArg > 0 ? resolve(root, process.argv[appArg + 1] ?? '') : tmp('app');
  if (appArg < 0) viteBuild(appOut);
  let sameContentOut: string | null = null;
  if (!check) {
    const sameContentCampaigns = tmp('campaigns');
    cpSync(join(root, 'campaigns'), sameContentCampaigns, { recursive: true });
    copyFileSync(
      join(root, 'bench/same-content.json'),
      join(sameContentCampaigns, `${SAME_CONTENT_ROUTE.slice(1)}.json`),
    );
    sameContentOut = tmp('same-content');
    buildSameContentApp(sameContentOut, sameContentCampaigns);
  }
  const baselines = {
    /** The issue's reference: "a hand-written React 19 page with react-router" (data router). */
    reference: { folder: 'data-router', shakeableRouter: false },
    /** Stricter: the same page on the declarative router API the app itself uses. */
    strict: { folder: 'declarative', shakeableRouter: false },
    /** For the record, not the verdict: the reference page with the app's react-router plugin. */
    referencePlugin: { folder: 'data-router', shakeableRouter: true },
  };
  const baselineOut = Object.fromEntries(
    Object.entries(baselines)
      .filter(([name]) => !check || name === 'reference')
      .map(([name, { folder, shakeableRouter }]) => {
        const outDir = tmp(`baseline-${name}`);
        buildBaselinePage(outDir, folder, shakeableRouter);
        return [name, outDir];
      }),
  ) as Partial<Record<keyof typeof baselines, string>>;

  phase('built');
  // 2. Serve each build through the reference server and open every page in Chromium.
  const project = openProject();
  // Routes given on the command line (`npm run bench -- --check /newYear /luckDraw`) narrow the
  // run to them: a quick look while working; CI measures every route.
  const chosen = process.argv
    .slice(2)
    .filter((arg, at, args) => arg.startsWith('/') && args[at - 1] !== '--app');
  const routes = project.files
    .flatMap((file) => (file.route === null ? [] : [file.route]))
    .filter((route) => chosen.length === 0 || chosen.includes(route));
  if (chosen.length > 0 && routes.length !== chosen.length) {
    throw new Error(
      `no campaign document for ${chosen.filter((r) => !routes.includes(r)).join(', ')}`,
    );
  }
  const staticDirs: Record<string, string> = { app: appOut, ...baselineOut };
  if (sameContentOut) staticDirs.sameContent = sameContentOut;
  const started = await startServers(staticDirs);
  const { stopAll } = started;
  const servers: Partial<Record<string, BenchServer>> = started.servers;
  phase('servers up');
  const extraUrls = {
    strict: servers.strict && pageUrl(servers.strict, '/'),
    referencePlugin: servers.referencePlugin && pageUrl(servers.referencePlugin, '/'),
    sameContent: servers.sameContent && pageUrl(servers.sameContent, SAME_CONTENT_ROUTE),
  };
  let loads: PageLoad[];
  const browser = await launchChromium();
  try {
    const urls = [
      pageUrl(servers.reference!, '/'),
      ...Object.values(extraUrls).filter((url): url is string => Boolean(url)),
      ...routes.map((route) => pageUrl(servers.app!, route)),
    ];
    loads = await pool(urls, CONCURRENCY, (url) => measurePage(browser, url));
  } finally {
    await browser.close();
    await stopAll();
  }
  phase('pages measured');
  const [referenceLoad, ...rest] = loads;
  const extra = (url: string | undefined) => (url ? rest.shift() : undefined);
  const strictLoad = extra(extraUrls.strict);
  const referencePluginLoad = extra(extraUrls.referencePlugin);
  const sameContentLoad = extra(extraUrls.sameContent);
  const routeLoads = rest;
  if (!referenceLoad) throw new Error('the reference page was not measured');
  const row = (name: string, load: PageLoad) => ({
    name,
    ...load,
    ratio: load.byIdle.gzipBytes / referenceLoad.byIdle.gzipBytes,
    wireRatio: load.byIdle.wireBytes / referenceLoad.byIdle.wireBytes,
    strictRatio: strictLoad ? load.byIdle.gzipBytes / strictLoad.byIdle.gzipBytes : Number.NaN,
    pluginRatio: referencePluginLoad
      ? load.byIdle.gzipBytes / referencePluginLoad.byIdle.gzipBytes
      : Number.NaN,
  });
  const pages = [
    ...(sameContentLoad ? [row('/same-content (bench/same-content.json)', sameContentLoad)] : []),
    ...routes.map((route, index) => row(route, routeLoads[index] as PageLoad)),
  ];

  // 3. What each widget adds on top of the entry (the build's manifest; gzip).
  const manifest = readManifest(appOut);
  // What every page loads before any widget: the entry and the app it starts (decision 0029).
  const entryClosure = closure(manifest, 'src/app/main.tsx', closure(manifest, 'index.html'));
  const widgets = Object.keys(manifest)
    .filter((key) => /^widgets\/([^/]+)\/\1\.tsx$/.test(key))
    .map((key) => {
      const own = [...closure(manifest, key)].filter((chunk) => !entryClosure.has(chunk));
      const bytes = own.reduce((sum, chunk) => {
        const file = manifest[chunk]?.file;
        return file ? sum + gzipSync(readFileSync(join(appOut, file)), { level: 9 }).length : sum;
      }, 0);
      return { widget: key.split('/')[1] ?? key, bytes };
    });

  // 4. Validation time of the whole campaigns/ folder (median of 7 runs after a warm-up; not
  // part of `--check`, which gates sizes only).
  if (!check) validateCampaigns(openProject());
  const times: number[] = [];
  for (let i = 0; i < (check ? 0 : 7); i += 1) {
    const started = performance.now();
    validateCampaigns(openProject());
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);

  const results = {
    command: 'npm run bench',
    budgetRatio: FIRST_LOAD_BUDGET_RATIO,
    idle: { quietMs: QUIET_MS },
    reference: referenceLoad,
    strict: strictLoad,
    referencePlugin: referencePluginLoad,
    pages,
    widgets,
    validate: { files: project.files.length, medianMs: Math.round((times[3] ?? 0) * 10) / 10 },
  };
  // A `--check` run measures only part of it: bench/results.json stays the last full run's.
  if (!check) {
    mkdirSync(join(root, 'bench'), { recursive: true });
    writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  }

  const line = (name: string, load: PageLoad, ratios = '') =>
    console.log(
      `  ${name.padEnd(40)} ${kb(load.byIdle.gzipBytes).padStart(7)} ${kb(load.byIdle.wireBytes).padStart(8)} ${load.encodings.padEnd(9)} ${kb(load.beforeLoad.gzipBytes).padStart(8)}${ratios}`,
    );
  console.log(
    `JS fetched by idle (KB = KiB): gzip -9 here, on the wire as served (encoding), gzip before the load event`,
  );
  console.log(
    `  ${''.padEnd(40)} ${'gzip'.padStart(7)} ${'wire'.padStart(8)} ${'encoding'.padEnd(9)} ${'pre-load'.padStart(8)}   gzip/ref  wire/ref  /strict  /ref+plugin`,
  );
  line('reference page (React + data router)', referenceLoad);
  if (strictLoad) line('strict page (React + declarative router)', strictLoad);
  if (referencePluginLoad) line('reference page + app react-router plugin', referencePluginLoad);
  for (const page of pages) {
    const over = page.ratio > FIRST_LOAD_BUDGET_RATIO || page.wireRatio > FIRST_LOAD_BUDGET_RATIO;
    line(
      page.name,
      page,
      `   ${ratio(page.ratio)} ${ratio(page.wireRatio)} ${ratio(page.strictRatio)} ${ratio(page.pluginRatio)}${over ? '  OVER BUDGET' : ''}`,
    );
  }
  // Where the bytes are: the shell every route fetches before load, what a route adds before
  // load (document, first widgets), the idle-time preloads every route makes, and its own.
  const chunkName = (path: string) => (path.split('/').pop() ?? path).replace(/-[\w-]{8}\.js$/, '');
  const common = (pick: (file: FetchedFile) => boolean) =>
    routeLoads
      .map((load) => new Set(load.files.filter(pick).map((file) => chunkName(file.path))))
      .reduce((all, next) => new Set([...all].filter((path) => next.has(path))));
  const shell = common((file) => file.beforeLoad);
  const idleEverywhere = common((file) => !file.beforeLoad);
  const sumOf = (files: readonly FetchedFile[]) =>
    files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const listOf = (paths: ReadonlySet<string>) => {
    const files = (routeLoads[0]?.files ?? []).filter((file) => paths.has(chunkName(file.path)));
    return `${files.map((file) => `${chunkName(file.path)} ${kb(file.gzipBytes)}`).join(', ')} = ${kb(sumOf(files))} KB`;
  };
  console.log(
    `\nwhere the bytes are (gzip KB): the shell (what every route fetches before load), what the route adds before load, the idle-time preloads every route makes, the route's own idle fetches`,
  );
  console.log(`  shell: ${listOf(shell)}`);
  console.log(`  idle-time preloads on every route: ${listOf(idleEverywhere)}`);
  console.log(
    `  ${''.padEnd(40)} ${'shell'.padStart(7)} ${'route'.padStart(7)} ${'idle'.padStart(7)} ${'own idle'.padStart(8)}   own idle files`,
  );
  for (const page of pages) {
    const isShell = (file: FetchedFile) => file.beforeLoad && shell.has(chunkName(file.path));
    const isIdleEverywhere = (file: FetchedFile) =>
      !file.beforeLoad && idleEverywhere.has(chunkName(file.path));
    const own = page.files.filter((file) => !file.beforeLoad && !isIdleEverywhere(file));
    console.log(
      `  ${page.name.padEnd(40)} ${kb(sumOf(page.files.filter(isShell))).padStart(7)} ${kb(sumOf(page.files.filter((file) => file.beforeLoad && !isShell(file)))).padStart(7)} ${kb(sumOf(page.files.filter(isIdleEverywhere))).padStart(7)} ${kb(sumOf(own)).padStart(8)}   ${own.map((file) => chunkName(file.path)).join(', ')}`,
    );
  }
  if (process.argv.includes('--files')) {
    for (const [name, load] of [
      ['reference page', referenceLoad] as const,
      ...pages.map((page) => [page.name, page] as const),
    ]) {
      console.log(`\n${name}`);
      for (const file of load.files) {
        console.log(
          `  ${file.beforeLoad ? 'load' : 'idle'} ${kb(file.gzipBytes).padStart(6)} gzip ${kb(file.wireBytes).padStart(6)} ${file.encoding.padEnd(8)} ${file.path}`,
        );
      }
    }
  }
  console.log('\nJS each widget adds (gzip)');
  for (const widget of widgets) {
    console.log(`  ${widget.widget.padEnd(28)} ${kb(widget.bytes).padStart(7)} KB`);
  }
  if (!check) {
    console.log(
      `\nvalidate ${results.validate.files} campaign files: median ${results.validate.medianMs} ms`,
    );
  }

  // `--check` (CI): a page over the budget, gzip or on the wire, fails the run. Sizes only: the
  // same build fetches the same files.
  if (process.argv.includes('--check')) {
    const over = pages.filter((page) => isOver(page));
    if (over.length > 0) {
      console.error(
        `\nJS by idle over ${FIRST_LOAD_BUDGET_RATIO}x of the reference page: ${over.map((page) => page.name).join(', ')}`,
      );
      process.exit(1);
    }
    console.log(
      `\nevery page's JS by idle within ${FIRST_LOAD_BUDGET_RATIO}x of the reference page`,
    );
  }
}

await main();
