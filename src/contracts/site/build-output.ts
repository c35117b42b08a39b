/**
 * What the build writes into dist/ beside index.html and the server reads where it serves dist/
 * (server/src/static): the folder of each route's compiled document, the route's first-render
 * files and how the page's HTML names them. The build computes the contents
 * (src/build/route-preloads.ts, src/build/vite-plugin-campaigns.ts); the names and the format
 * are here so both sides read the same ones.
 */

/**
 * Where the production build puts each route's compiled document, below the base path. Names
 * that start with "_" are never routes (route-table.ts), so this folder cannot shadow a page.
 */
export const DOCUMENTS_DIR = '_documents';

function documentSegments(route: string): string[] {
  return route === '/' ? ['index'] : route.slice(1).split('/');
}

/** A route's document file below the build's root: "/" -> "_documents/index.json". */
export function documentFile(route: string): string {
  return `${DOCUMENTS_DIR}/${documentSegments(route).join('/')}.json`;
}

/** The same file as a URL path below the base path, each segment percent-encoded. */
export function documentUrlPath(route: string): string {
  return `${DOCUMENTS_DIR}/${documentSegments(route).map(encodeURIComponent).join('/')}.json`;
}

/** The chunks every page loads first: the entry ("app"), then the app ("main") and the runtime. */
export const LOADED_FIRST = {
  entry: /(^|\/)app-[\w-]{8}\.js$/,
  app: /(^|\/)(main|rolldown-runtime)-[\w-]{8}\.js$/,
};

/**
 * The hint for one of a route's first-render files other than a stylesheet: a module preload
 * for a script; for the route's document (JSON, fetched by the app with same-origin
 * credentials), a fetch preload whose `crossorigin` matches that request, so the app's fetch
 * takes the preloaded response instead of fetching again. The app's own chunk (the one the
 * entry imports, then evaluates at once on a page that was not prerendered) is a module script
 * instead: Chromium compiles a module script while it downloads, a module preload only once it
 * has arrived, on the main thread, in front of the app's start (docs/perf.md, render cost,
 * session 9). It runs after the entry (module scripts run in document order) and is the same
 * module the entry imports, evaluated once.
 */
export function preloadHint(file: string, basePath: string): string {
  if (file.endsWith('.json')) {
    return `<link rel="preload" as="fetch" crossorigin href="${basePath}${file}">`;
  }
  return LOADED_FIRST.app.test(file)
    ? `<script type="module" crossorigin src="${basePath}${file}"></script>`
    : `<link rel="modulepreload" crossorigin href="${basePath}${file}">`;
}

/** File name of the JSON this writes into the build (next to index.html). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Route -> widget type -> the scripts that type's chunk needs beyond the app and the document:
 * a prerendered page names these in its HTML as data, not as hints, and fetches only those of
 * the types on its first screen (src/app/boot.ts, decision 0026).
 */
export const WIDGET_CHUNKS_FILE = 'route-widget-chunks.json';

export type WidgetChunks = Record<string, Record<string, string[]>>;
