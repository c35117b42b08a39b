/**
 * npm run preview:matrix -- [routes…] [--out DIR] [--date YYYY-MM-DDTHH:mm]
 *
 * Screenshots of pages in every environment the preview bar offers (issue 11): plain browser,
 * Finance, Wallet and WeChat, each logged out and logged in, at 375×812 (2× pixels), full page,
 * into DIR (default preview-matrix/, gitignored) as <route>/<app>-<logged-out|logged-in>.png,
 * with an index.html that lays them out side by side for review (a CI artifact, for instance).
 *
 * It runs what `npm run preview` runs (scripts/preview.ts: the dev server and the reference API)
 * on free ports with a throw-away database, and sets the environments exactly as the bar does:
 * through the address (?fakeBridge=, ?fakeHost=, ?fakeDate=) and the server's login form.
 * Routes: `luckDraw`, `/contract/record`…; none: every page in campaigns/.
 * Chromium: Debian's /usr/bin/chromium (CHROMIUM_PATH), with the end-to-end suite's flags.
 * Exit status: 0 all taken, 1 a page failed (listed), 2 a usage mistake.
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

const root = fileURLToPath(new URL('..', import.meta.url));
const VIEWPORT = { width: 375, height: 812 } as const;
const APPS: readonly PreviewApp[] = ['browser', 'finance', 'wallet', 'wechat'];
/** After the network settles, time for the page's own transitions (a wheel, a ticker) to land. */
const SETTLE_MS = 400;

export interface MatrixOptions {
  routes: string[];
  outDir: string;
  date: string | null;
}

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
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--out' || arg === '--date') {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      if (arg === '--out') options.outDir = path.resolve(value);
      else if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value)) {
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
  if (options.routes.length === 0) options.routes = [...known].sort();
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

export async function runMatrix(
  options: MatrixOptions,
  shotOptions: ShotOptions = { ...MATRIX_SHOTS, variants: VARIANTS },
): Promise<{ shots: number; failures: Map<string, string> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'preview-matrix-'));
  const logs: string[] = [];
  const preview = await startPreview({
    port: await freePort(),
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
  try {
    // The API may take its time to start (the preview starts it again until it answers): the
    // shots wait for it, up to a limit that only a broken checkout reaches.
    if (!(await preview.apiReady(API_WAIT_MS))) {
      throw new Error(`the preview's API did not answer: ${preview.apiStatus().detail}`);
    }
    // Only the routes taken now: a run for a few routes keeps the others' shots.
    for (const route of options.routes) {
      await rm(path.join(options.outDir, routeFolder(route)), { recursive: true, force: true });
    }
    for (const variant of shotOptions.variants) {
      const context = await newContext(
        browser,
        preview.url,
        variant,
        shotOptions.deviceScaleFactor,
      );
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const route of options.routes) {
        const file = shotFile(route, variant, shotOptions.type);
        const overrides: PreviewOverrides = {
          app: variant.app,
          appVersion: null,
          date: options.date,
        };
        const url = withOverrides(new URL(route.slice(1), preview.url).href, overrides);
        errors.length = 0;
        try {
          await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
          await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
          await page.waitForTimeout(SETTLE_MS);
          // The bar is the reviewer's tool, not part of the page.
          await page.addStyleTag({ content: `${PREVIEW_BAR_TAG}{display:none!important}` });
          await mkdir(path.dirname(path.join(options.outDir, file)), { recursive: true });
          await page.screenshot({
            path: path.join(options.outDir, file),
            fullPage: shotOptions.fullPage,
            type: shotOptions.type,
            ...(shotOptions.type === 'jpeg' ? { quality: 60 } : {}),
            animations: 'disabled',
          });
          shots++;
          if (errors.length > 0) failures.set(file, `page error: ${errors.join('; ')}`);
        } catch (error) {
          failures.set(file, (error as Error).message.split('\n')[0] ?? 'failed');
        }
      }
      await context.close();
    }
    if (shotOptions.type === 'png') {
      await writeFile(path.join(options.outDir, 'index.html'), indexHtml(options.routes, failures));
    }
  } finally {
    await browser.close();
    await preview.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  for (const line of logs) process.stderr.write(`${line}\n`);
  return { shots, failures };
}

async function main(): Promise<void> {
  const known = new Set(
    listCampaignFiles(path.join(root, 'campaigns'))
      .map((f) => f.route)
      .filter((r): r is string => r !== null),
  );
  let options: MatrixOptions;
  try {
    options = parseArgs(process.argv.slice(2), known);
  } catch (error) {
    process.stderr.write(
      `${(error as Error).message}\nusage: npm run preview:matrix -- [routes…] [--out DIR] [--date YYYY-MM-DDTHH:mm]\n`,
    );
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
