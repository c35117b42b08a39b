import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ROUTE_PRELOADS_FILE } from '../../../src/build/route-preloads';

/**
 * A route's first-render files, named in its HTML so the browser fetches them while the app's
 * entry loads (docs/perf.md, runtime). The list comes from our own build, yet it is checked
 * like input: only hashed asset names pass, so nothing else can reach the page's markup.
 */
const ASSET = /^assets\/[\w.-]+\.(?:js|css)$/;
const PreloadsSchema = z.record(z.string(), z.array(z.string().regex(ASSET)).max(200));

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
        : `<link rel="modulepreload" crossorigin href="${basePath}${file}">`,
    )
    .join('\n    ');
  return html.replace('</head>', `    ${links}\n  </head>`);
}
