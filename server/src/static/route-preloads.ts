import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  DOCUMENTS_DIR,
  ROUTE_PRELOADS_FILE,
  preloadHint,
} from '../../../src/contracts/site/build-output';

/**
 * A route's first-render files, named in its HTML so the browser fetches them while the app's
 * entry loads (docs/perf.md, runtime). The list comes from our own build, yet it is checked
 * like input: only hashed asset names pass, so nothing else can reach the page's markup.
 */
const ASSET = /^assets\/[\w.-]+\.(?:js|css)$/;
/** A route's document: its route's segments (file names of campaigns/) below DOCUMENTS_DIR. */
const DOCUMENT = new RegExp(`^${DOCUMENTS_DIR}(?:/[\\w.-]+)+\\.json$`);
const PreloadsSchema = z.record(
  z.string(),
  z
    .array(
      z
        .string()
        .refine((file) => ASSET.test(file) || (DOCUMENT.test(file) && !file.includes('..'))),
    )
    .max(200),
);

export type RoutePreloads = ReadonlyMap<string, readonly string[]>;

/** Reads the build's route-preloads.json; none (or an unreadable one) means no hints. */
export function loadRoutePreloads(staticDir: string): RoutePreloads {
  try {
    const parsed = PreloadsSchema.safeParse(
      JSON.parse(readFileSync(path.join(staticDir, ROUTE_PRELOADS_FILE), 'utf8')),
    );
    return new Map(parsed.success ? Object.entries(parsed.data) : []);
  } catch {
    return new Map();
  }
}

/** The page's HTML with a hint per file: modulepreload for scripts, preload for styles. */
export function withPreloadHints(html: string, files: readonly string[], basePath: string): string {
  if (files.length === 0 || !html.includes('</head>')) return html;
  const links = files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${basePath}${file}">`
        : preloadHint(file, basePath),
    )
    .join('\n    ');
  return html.replace('</head>', `    ${links}\n  </head>`);
}

/**
 * A route's page (index.html with its hints), made once per build rather than per request. A
 * new build written while the server runs (index.html changes) is picked up at the next request,
 * hints and page together. Resolves null for a route without hints: serve index.html as it is.
 */
export function createRoutePages(
  staticDir: string,
  basePath: string,
): (route: string | null) => Promise<string | null> {
  let builtAt = Number.NaN;
  let preloads: RoutePreloads = new Map();
  let html = '';
  const pages = new Map<string, string>();
  return async (route) => {
    const indexFile = path.join(staticDir, 'index.html');
    const { mtimeMs } = await stat(indexFile);
    if (mtimeMs !== builtAt) {
      html = await readFile(indexFile, 'utf8');
      preloads = loadRoutePreloads(staticDir);
      pages.clear();
      builtAt = mtimeMs;
    }
    const files = route === null ? undefined : preloads.get(route);
    if (route === null || !files) return null;
    let page = pages.get(route);
    if (page === undefined) {
      page = withPreloadHints(html, files, basePath);
      pages.set(route, page);
    }
    return page;
  };
}
