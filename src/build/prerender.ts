import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '../engine/prerender/head-tags';
import {
  APP_ENTRY_META,
  PRERENDER_ATTRIBUTE,
  WIDGET_CHUNKS_ID,
} from '../contracts/site/prerender-attribute';
import type { PrerenderSnapshot } from '../engine/prerender/prerender-snapshot';
import { APP_LOADER_SCRIPT } from '../contracts/site/app-loader';
import {
  ROUTE_PRELOADS_FILE,
  WIDGET_CHUNKS_FILE,
  preloadHint,
  type WidgetChunks,
} from '../contracts/site/build-output';

/** What the build's renderer (src/app/prerender-entry.ts) exports. */
export interface PrerenderEntry {
  routes: readonly string[];
  renderRoute(
    route: string | null,
    now: number,
    visitor?: { loggedIn: boolean },
  ): Promise<{
    markup: string;
    snapshot: PrerenderSnapshot;
    title: string;
    meta: string;
    htmlStyle: string;
  } | null>;
}

/** JSON inside an HTML element: no "<" that could close it or open a comment. */
function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Where the pages go in dist/, and the manifest the server reads (docs/server.md). */
export const PAGES_DIR = 'pages';
export const PAGES_MANIFEST = `${PAGES_DIR}/manifest.json`;
export const NOT_FOUND_PAGE = `${PAGES_DIR}/_not-found.html`;
/** The logged-in pages' folder: a "_" name, which no route can have (route-table.ts). */
export const LOGGED_IN_PAGES_DIR = `${PAGES_DIR}/_logged-in`;

export interface PagesManifest {
  /** Route ("/luckDraw") -> its page, relative to dist/. */
  routes: Record<string, string>;
  /**
   * Route -> its page for a visitor with the login cookies (decision 0026, amended in session 15):
   * only routes whose first screen differs for a logged-in visitor (a login prompt there becomes
   * the loading state of what the visitor will see); the others serve `routes`' page to everyone.
   */
  loggedIn: Record<string, string>;
  notFound: string;
}

/** A route's file under pages/: "/" -> index.html, "/contract/record" -> contract/record.html. */
export function pageFileOf(
  route: string,
  visitor: { loggedIn: boolean } = { loggedIn: false },
): string {
  const dir = visitor.loggedIn ? LOGGED_IN_PAGES_DIR : PAGES_DIR;
  return route === '/' ? `${dir}/index.html` : `${dir}${route}.html`;
}

const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div>\s*(?=<script|<\/body>)/;
/** The entry script Vite writes into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The built index.html made into a route's page: its first screen inside #root (with the
 * snapshot it was rendered against, for hydration), its title and link-preview tags, the root
 * font size rule on <html>, its first render's stylesheets (render-blocking: the first paint must
 * be styled), a preload of its document, and the entry script replaced by the inline loader that
 * starts it after the first paint (decision 0029).
 */
export function pageHtml(
  template: string,
  page: NonNullable<Awaited<ReturnType<PrerenderEntry['renderRoute']>>>,
  files: readonly string[],
  basePath: string,
  widgetChunks: Readonly<Record<string, readonly string[]>> = {},
): string {
  if (!ROOT_ELEMENT.test(template)) throw new Error('index.html has no <div id="root"> to fill');
  if (!ENTRY_SCRIPT.test(template)) throw new Error('index.html has no entry script to start');
  // No script is hinted: the page paints from its HTML and stylesheet alone, and the entry
  // fetches the app once the page has painted, then the chunks of the first screen's widgets
  // (decision 0026), named in a data block (JSON; not run, so no script-src question for CSP).
  // A script downloading before the first paint shares the phone's bandwidth with what the paint
  // needs (issue 10: LCP at the static page's). The document's JSON is hinted: it is small and
  // the app needs it first.
  const widgetFiles = new Set(Object.values(widgetChunks).flat());
  const links = files
    .filter((file) => !file.endsWith('.js'))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="${basePath}${file}">`
        : preloadHint(file, basePath),
    );
  // React puts the resource hints of a render (the LCP image's preload) before its markup; they
  // belong in <head>, where the browser sees them first and hydration never meets them.
  const hints = /^(?:<link [^>]*\/>)*/.exec(page.markup)?.[0] ?? '';
  const markup = page.markup.slice(hints.length);
  const chunkData =
    widgetFiles.size === 0
      ? ''
      : `<script type="application/json" id="${WIDGET_CHUNKS_ID}">${jsonInHtml(
          Object.fromEntries(
            Object.entries(widgetChunks).map(([type, list]) => [
              type,
              list.map((file) => `${basePath}${file}`),
            ]),
          ),
        )}</script>`;
  const head = [
    page.meta,
    hints.replace(/\/>/g, '>').replace(/></g, '>\n    <'),
    ...links,
    chunkData,
  ]
    .filter(Boolean)
    .join('\n    ');
  const snapshot = escapeHtml(JSON.stringify(page.snapshot));
  let html = template
    .replace(
      ROOT_ELEMENT,
      () =>
        `<div id="root" ${PRERENDER_ATTRIBUTE}="${snapshot}">${markup}</div>\n    <script>${APP_LOADER_SCRIPT}</script>\n    `,
    )
    // The entry is started by the loader above once the page has painted (decision 0029).
    .replace(
      ENTRY_SCRIPT,
      (_match, src: string) => `<meta name="${APP_ENTRY_META}" content="${src}">`,
    )
    .replace('</head>', () => (head ? `    ${head}\n  </head>` : '</head>'));
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => page.title);
  if (page.htmlStyle) {
    html = html.replace(
      /<html([^>]*)>/,
      (_match, attributes: string) => `<html${attributes} style="${escapeHtml(page.htmlStyle)}">`,
    );
  }
  return html;
}

/**
 * Prerenders every route of a finished build: reads dist/index.html and the route preloads,
 * renders each route through the SSR bundle, logged out and logged in, and writes dist/pages/
 * (the logged-in page of a route only where it differs) with its manifest. Redirect
 * documents get no page (the server or the app sends their visitors on). Any failure fails the
 * build: a page that cannot prerender must not ship.
 */
export async function prerenderBuild(options: {
  distDir: string;
  ssrEntry: string;
  basePath: string;
  now?: number;
}): Promise<PagesManifest> {
  const { distDir, basePath } = options;
  const now = options.now ?? Date.now();
  const entry = (await import(pathToFileURL(options.ssrEntry).href)) as PrerenderEntry;
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const preloads = JSON.parse(
    await readFile(path.join(distDir, ROUTE_PRELOADS_FILE), 'utf8'),
  ) as Record<string, string[]>;
  const chunks = JSON.parse(
    await readFile(path.join(distDir, WIDGET_CHUNKS_FILE), 'utf8').catch(() => '{}'),
  ) as WidgetChunks;
  const manifest: PagesManifest = { routes: {}, loggedIn: {}, notFound: NOT_FOUND_PAGE };
  const write = async (file: string, html: string) => {
    await mkdir(path.dirname(path.join(distDir, file)), { recursive: true });
    await writeFile(path.join(distDir, file), html);
  };
  for (const route of entry.routes) {
    const page = await entry.renderRoute(route, now);
    if (!page) continue;
    const file = pageFileOf(route);
    await write(
      file,
      pageHtml(template, page, preloads[route] ?? [], basePath, chunks[route] ?? {}),
    );
    manifest.routes[route] = file;
    const loggedIn = await entry.renderRoute(route, now, { loggedIn: true });
    if (loggedIn && loggedIn.markup !== page.markup) {
      const loggedInFile = pageFileOf(route, { loggedIn: true });
      await write(
        loggedInFile,
        pageHtml(template, loggedIn, preloads[route] ?? [], basePath, chunks[route] ?? {}),
      );
      manifest.loggedIn[route] = loggedInFile;
    }
  }
  const notFound = await entry.renderRoute(null, now);
  if (notFound) await write(NOT_FOUND_PAGE, pageHtml(template, notFound, [], basePath));
  await write(PAGES_MANIFEST, `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}
