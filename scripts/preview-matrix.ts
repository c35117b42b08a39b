/**
 * npm run preview:matrix -- [routes…] [--changed[=REF]] [--port N] [--jobs N] [--out DIR]
 *   [--date YYYY-MM-DDTHH:mm]
 *
 * Screenshots of pages in every environment the preview bar offers (issue 11): plain browser,
 * Finance, Wallet and WeChat, each logged out and logged in, at 375×812 (2× pixels), full page,
 * into DIR (default preview-matrix/, gitignored) as <route>/<app>-<logged-out|logged-in>.png,
 * with an index.html that lays them out side by side for review (a CI artifact, for instance).
 *
 * It runs what `npm run preview` runs (scripts/preview.ts: the dev server and the reference API)
 * on a free port (or --port) with a throw-away database, and sets the environments exactly as
 * the bar does: through the address (?fakeBridge=, ?fakeHost=, ?fakeDate=) and the server's login
 * form. One browser, --jobs pages at a time (default 3).
 * Routes: `luckDraw`, `/contract/record`…; --changed: the pages a change touches against REF
 * (default main; scripts/changed-routes.ts); none: every page in campaigns/.
 * A shot fails (issue 34) when it is blank, the page never rendered, or a full-page shot misses
 * part of the page (scripts/shot-check.ts); the failures are listed and in index.html.
 * Chromium: Debian's /usr/bin/chromium (CHROMIUM_PATH), with the end-to-end suite's flags.
 * Exit status: 0 all taken and fine, 1 a page failed (listed), 2 a usage mistake.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, devices, type Browser, type BrowserContext } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { loginByRequest } from '../tests/e2e/helpers';
import {
  withOverrides,
  type PreviewApp,
  type PreviewOverrides,
} from '../src/app/preview/overrides';
import { PREVIEW_PHONE } from '../src/app/preview/preview-session';
import { PREVIEW_BAR_TAG } from '../src/app/preview/preview-bar';
import { listCampaignFiles } from '../src/build/campaign-project';
import { freePort, startPreview } from './preview';
import { changedRoutes } from './changed-routes';
import { decodePng, MEASURE_PAGE, shotProblems, type PageMeasure } from './shot-check';

const root = fileURLToPath(new URL('..', import.meta.url));
const VIEWPORT = { width: 375, height: 812 } as const;
const APPS: readonly PreviewApp[] = ['browser', 'finance', 'wallet', 'wechat'];
/** After the network settles, time for the page's own transitions (a wheel, a ticker) to land. */
const SETTLE_MS = 400;
/** The longest wait for the network to go quiet (a ticker that polls never does). */
const NETWORK_IDLE_MS = 5_000;

export interface MatrixOptions {
  routes: string[];
  outDir: string;
  date: string | null;
  /** The preview's port; null: a free one. */
  port: number | null;
  /** Pages shot at once in the one browser. */
  jobs: number;
  /** --changed: the git revision the change is compared with; null: routes as given. */
  changedSince: string | null;
}

const DEFAULT_JOBS = 3;

/** How the shots are taken: the review matrix wants full pages; docs/routes the first screen. */
export interface ShotOptions {
  variants: readonly Variant[];
  /** png (lossless, review) or jpeg (committed docs, small). */
  type: 'png' | 'jpeg';
  fullPage: boolean;
  deviceScaleFactor: number;
}

const MATRIX_SHOTS: ShotOptions = {
  variants: [],
  type: 'png',
  fullPage: true,
  deviceScaleFactor: 2,
};

export interface Variant {
  app: PreviewApp;
  loggedIn: boolean;
}

export const VARIANTS: readonly Variant[] = APPS.flatMap((app) => [
  { app, loggedIn: false },
  { app, loggedIn: true },
]);

export const variantName = (v: Variant) => `${v.app}-${v.loggedIn ? 'logged-in' : 'logged-out'}`;

/** `luckDraw`, `/luckDraw/`, `/mp/activity/luckDraw` → `/luckDraw`; the home page is `/`. */
export function normalizeRoute(text: string): string {
  const trimmed = text.trim().replace(/^\/?mp\/activity/, '');
  const parts = trimmed.split('/').filter((p) => p !== '');
  return `/${parts.join('/')}`;
}

/** The folder of a route's screenshots: `/` is `index`, `/contract/record` is `contract/record`. */
export function routeFolder(route: string): string {
  return route === '/' ? 'index' : route.slice(1);
}

export function parseArgs(argv: readonly string[], known: ReadonlySet<string>): MatrixOptions {
  const options: MatrixOptions = {
    routes: [],
    outDir: path.join(root, 'preview-matrix'),
    date: null,
    port: null,
    jobs: DEFAULT_JOBS,
    changedSince: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--changed' || arg.startsWith('--changed=')) {
      options.changedSince = arg.includes('=') ? arg.slice('--changed='.length) : 'main';
      if (options.changedSince === '') throw new Error('--changed=REF needs a git revision');
    } else if (['--out', '--date', '--port', '--jobs'].includes(arg)) {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      if (arg === '--out') options.outDir = path.resolve(value);
      else if (arg === '--port' || arg === '--jobs') {
        const n = Number(value);
        const [min, max] = arg === '--port' ? [1, 65_535] : [1, 16];
        if (!Number.isInteger(n) || n < min || n > max) {
          throw new Error(`${arg}: a whole number from ${min} to ${max}, not ${value}`);
        }
        if (arg === '--port') options.port = n;
        else options.jobs = n;
      } else if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value)) {
        throw new Error(`--date: use YYYY-MM-DD or YYYY-MM-DDTHH:mm, not ${value}`);
      } else options.date = value;
    } else if (arg.startsWith('-')) {
      throw new Error(`unknown option ${arg}`);
    } else {
      const route = normalizeRoute(arg);
      if (!known.has(route)) {
        throw new Error(`no page serves ${route} (pages: ${[...known].sort().join(' ')})`);
      }
      options.routes.push(route);
    }
  }
  if (options.changedSince !== null && options.routes.length > 0) {
    throw new Error('--changed picks the routes itself: name routes or --changed, not both');
  }
  if (options.routes.length === 0 && options.changedSince === null) {
    options.routes = [...known].sort();
  }
  return options;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page that shows every screenshot: one row per route, one column per environment. */
export function indexHtml(
  routes: readonly string[],
  failures: ReadonlyMap<string, string>,
): string {
  const head = VARIANTS.map((v) => `<th>${variantName(v)}</th>`).join('');
  const rows = routes
    .map((route) => {
      const cells = VARIANTS.map((v) => {
        const file = `${routeFolder(route)}/${variantName(v)}.png`;
        const failed = failures.get(file);
        return failed
          ? `<td class="failed">${escapeHtml(failed)}</td>`
          : `<td><a href="${escapeHtml(file)}"><img src="${escapeHtml(file)}" loading="lazy" width="188"></a></td>`;
      }).join('');
      return `<tr><th>${escapeHtml(route)}</th>${cells}</tr>`;
    })
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>preview matrix</title>
<style>body{font:13px system-ui,sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px;vertical-align:top}
img{display:block}.failed{color:#b00020;max-width:188px}</style>
<table><tr><th>route</th>${head}</tr>
${rows}
</table>
`;
}

async function newContext(
  browser: Browser,
  base: string,
  variant: Variant,
  deviceScaleFactor: number,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    // An Android phone's Chrome; WeChat adds its token to it (the bar's override).
    userAgent: devices['Pixel 7'].userAgent,
    locale: 'zh-CN',
  });
  if (variant.loggedIn) {
    // The real sign-in through the preview's server (code from its development inbox), once per
    // server: later contexts reuse the session, as the per-phone send limit (one a minute) wants.
    const saved = sessions.get(base);
    if (saved) await context.addCookies(saved);
    else {
      await loginByRequest(context.request, PREVIEW_PHONE, base);
      sessions.set(base, await context.cookies());
    }
  }
  return context;
}

/** The signed-in session's cookies per preview server. */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['cookies']>>>();

export const shotFile = (route: string, variant: Variant, type: ShotOptions['type']) =>
  `${routeFolder(route)}/${variantName(variant)}.${type === 'jpeg' ? 'jpg' : 'png'}`;

/** How long the shots wait for the preview's API (its starts are retried meanwhile). */
const API_WAIT_MS = 10 * 60_000;

/** One shot: go to the page, let it settle, capture it, check it. Throws with the reason it failed. */
async function takeShot(
  context: BrowserContext,
  url: string,
  file: string,
  shotOptions: ShotOptions,
): Promise<void> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // The page has rendered once the loading screen is gone; a page that never does fails below.
    await page
      .waitForSelector('#root .ce-screen--loading', { state: 'detached', timeout: 20_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: NETWORK_IDLE_MS }).catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);
    // The bar is the reviewer's tool, not part of the page.
    await page.addStyleTag({ content: `${PREVIEW_BAR_TAG}{display:none!important}` });
    await mkdir(path.dirname(file), { recursive: true });
    const shot = await page.screenshot({
      path: file,
      fullPage: shotOptions.fullPage,
      type: shotOptions.type,
      ...(shotOptions.type === 'jpeg' ? { quality: 60 } : {}),
      animations: 'disabled',
    });
    const measure = (await page.evaluate(MEASURE_PAGE)) as PageMeasure;
    // A committed JPEG is checked on a lossless copy of the same screen (the blank and cut
    // checks read exact colours).
    const png =
      shotOptions.type === 'png'
        ? shot
        : await page.screenshot({
            fullPage: shotOptions.fullPage,
            type: 'png',
            animations: 'disabled',
          });
    const problems = shotProblems({
      png: decodePng(png),
      measure,
      fullPage: shotOptions.fullPage,
      deviceScaleFactor: shotOptions.deviceScaleFactor,
    });
    if (errors.length > 0) problems.push(`page error: ${errors.join('; ')}`);
    if (problems.length > 0) throw new Error(problems.join('; '));
  } finally {
    await page.close();
  }
}

export async function runMatrix(
  options: MatrixOptions,
  shotOptions: ShotOptions = { ...MATRIX_SHOTS, variants: VARIANTS },
): Promise<{ shots: number; failures: Map<string, string> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preview-matrix-'));
  const logs: string[] = [];
  const preview = await startPreview({
    port: options.port ?? (await freePort()),
    host: '127.0.0.1',
    dataDir,
    log: (line) => logs.push(line),
  });
  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  const failures = new Map<string, string>();
  let shots = 0;
  const contexts: BrowserContext[] = [];
  try {
    // The API may take its time to start (the preview starts it again until it answers): the
    // shots wait for it, up to a limit that only a broken checkout reaches.
    if (!(await preview.apiReady(API_WAIT_MS))) {
      throw new Error(`the preview's API did not answer: ${preview.apiStatus().detail}`);
    }
    // Only the shots taken now: a run for a few routes or environments keeps the others' shots,
    // sub-routes' included (they live in folders under their parent's).
    for (const route of options.routes) {
      for (const variant of shotOptions.variants) {
        await rm(path.join(options.outDir, shotFile(route, variant, shotOptions.type)), {
          force: true,
        });
      }
    }
    // One context per environment (the logged-in ones share the server's session), then every
    // (environment, route) pair through a pool of --jobs pages in the one browser.
    for (const variant of shotOptions.variants) {
      contexts.push(await newContext(browser, preview.url, variant, shotOptions.deviceScaleFactor));
    }
    const tasks = shotOptions.variants.flatMap((variant, i) =>
      options.routes.map((route) => ({ variant, context: contexts[i]!, route })),
    );
    let next = 0;
    const worker = async () => {
      for (let task = tasks[next++]; task; task = tasks[next++]) {
        const { variant, context, route } = task;
        const file = shotFile(route, variant, shotOptions.type);
        const overrides: PreviewOverrides = {
          app: variant.app,
          appVersion: null,
          date: options.date,
        };
        const url = withOverrides(new URL(route.slice(1), preview.url).href, overrides);
        try {
          await takeShot(context, url, path.join(options.outDir, file), shotOptions);
          shots++;
        } catch (error) {
          failures.set(file, (error as Error).message.split('\n')[0] ?? 'failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.jobs) }, worker));
    if (shotOptions.type === 'png') {
      await writeFile(path.join(options.outDir, 'index.html'), indexHtml(options.routes, failures));
    }
  } finally {
    for (const context of contexts) await context.close();
    await browser.close();
    await preview.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  for (const line of logs) process.stderr.write(`${line}\n`);
  return { shots, failures };
}

const USAGE =
  'usage: npm run preview:matrix -- [routes…] [--changed[=REF]] [--port N] [--jobs N] [--out DIR] [--date YYYY-MM-DDTHH:mm]';

async function main(): Promise<void> {
  const known = new Set(
    listCampaignFiles(path.join(root, 'campaigns'))
      .map((f) => f.route)
      .filter((r): r is string => r !== null),
  );
  let options: MatrixOptions;
  try {
    options = parseArgs(process.argv.slice(2), known);
    if (options.changedSince !== null) {
      const touched = changedRoutes(root, options.changedSince);
      options.routes = touched.routes;
      process.stdout.write(
        touched.every
          ? `${touched.every} changed: every page (${touched.routes.length})\n`
          : `${touched.files.length} files changed since ${options.changedSince}: ${touched.routes.length} pages\n` +
              touched.routes.map((r) => `  ${r}  (${touched.reasons.get(r)})\n`).join(''),
      );
      if (options.routes.length === 0) {
        process.stdout.write('no page to shoot\n');
        process.exit(0);
      }
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const started = Date.now();
  const { shots, failures } = await runMatrix(options);
  const where = path.relative(process.cwd(), options.outDir) || '.';
  for (const [file, message] of failures) process.stderr.write(`${file}: ${message}\n`);
  process.stdout.write(
    `${shots} screenshots (${options.routes.length} pages × ${VARIANTS.length} environments) in ${where}/ ` +
      `in ${Math.round((Date.now() - started) / 1000)} s; open ${where}/index.html\n`,
  );
  process.exit(failures.size > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`preview:matrix failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
