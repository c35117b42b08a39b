import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ROUTES_FILE, type RedirectSpec } from '../../../src/contracts/site/route-list';
import { conditionSchema } from '../../../src/contracts/conditions/condition-schema';
import { LANDING_NAMES, type LandingName } from '../../../src/contracts/site/landing-alias';

/**
 * What the server needs to know of the build in `staticDir` to answer a path under the base
 * path: which routes exist (routes.json, from the campaigns Vite plugin), what each redirect
 * document says, and which routes have a prerendered page (pages/manifest.json, from the
 * prerender step). Both files come from our own build, yet they are checked like input: a file
 * that does not pass is treated as absent.
 */
export interface SiteBuild {
  /** The route table, or null for a build without routes.json: then every path is a page. */
  routes: ReadonlySet<string> | null;
  redirects: ReadonlyMap<string, RedirectSpec>;
  /** Route -> the landing page outside the base path it stands for (landing-alias.ts). */
  landings: ReadonlyMap<string, LandingName>;
  /** Route -> its prerendered page, relative to the static dir ("pages/luckDraw.html"). */
  pages: ReadonlyMap<string, string>;
  /**
   * Route -> its prerendered page for a visitor with the login cookies, where it differs
   * ("pages/_logged-in/luckDraw.html"; decision 0026, amended in session 15).
   */
  loggedInPages: ReadonlyMap<string, string>;
  /** The prerendered 404 page, relative to the static dir, or null. */
  notFound: string | null;
}

export const PAGES_MANIFEST_FILE = 'pages/manifest.json';

/** Same rule as a document's `redirect.to` (document-schema.ts): a path of letters and digits. */
const routePath = z.string().regex(/^\/[A-Za-z0-9/_-]*$/);
const RoutesSchema = z.object({
  routes: z.array(z.string().startsWith('/').max(500)).max(50_000),
  redirects: z.record(
    z.string(),
    z.object({
      to: routePath,
      query: z.record(z.string(), z.string()).optional(),
      cases: z
        .array(z.object({ when: conditionSchema, query: z.record(z.string(), z.string()) }))
        .optional(),
    }),
  ),
  // Absent in builds made before landing aliases existed.
  landings: z.record(z.string(), z.enum(LANDING_NAMES)).default({}),
});

/** A page file under pages/: no "..", no dot-folders, nothing but an .html name. */
const pageFile = z.string().regex(/^pages\/(?:[\w-]+\/)*[\w-][\w.-]*\.html$/);
const ManifestSchema = z.object({
  routes: z.record(z.string(), pageFile),
  // Absent in builds made before the logged-in pages existed.
  loggedIn: z.record(z.string(), pageFile).default({}),
  notFound: pageFile.optional(),
});

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Reads routes.json and pages/manifest.json of a build (index.html is there: checked before). */
export async function loadSiteBuild(staticDir: string): Promise<SiteBuild> {
  const [routesJson, manifestJson] = await Promise.all([
    readJson(path.join(staticDir, ROUTES_FILE)),
    readJson(path.join(staticDir, PAGES_MANIFEST_FILE)),
  ]);
  const routes = RoutesSchema.safeParse(routesJson);
  const manifest = ManifestSchema.safeParse(manifestJson);
  const pages = new Map<string, string>();
  const loggedInPages = new Map<string, string>();
  let notFound: string | null = null;
  // A page the manifest names but the folder lacks is left out: the route falls back to
  // index.html (or, logged in, to the logged-out page), not to a 404.
  const presentPages = async (record: Record<string, string>, into: Map<string, string>) => {
    const listed = Object.entries(record);
    const present = await Promise.all(listed.map(([, file]) => isFile(path.join(staticDir, file))));
    listed.forEach(([route, file], index) => {
      if (present[index]) into.set(route, file);
    });
  };
  if (manifest.success) {
    await presentPages(manifest.data.routes, pages);
    await presentPages(manifest.data.loggedIn, loggedInPages);
    const file = manifest.data.notFound;
    if (file && (await isFile(path.join(staticDir, file)))) notFound = file;
  }
  return {
    routes: routes.success ? new Set(routes.data.routes) : null,
    redirects: new Map(routes.success ? Object.entries(routes.data.redirects) : []),
    landings: new Map(routes.success ? Object.entries(routes.data.landings) : []),
    pages,
    loggedInPages,
    notFound,
  };
}

/**
 * The build as of now, read again whenever one of the files it comes from changed (a build
 * written while the server runs is picked up at the next request: the app's index.html, the
 * route list and the prerender manifest are written at different moments of one build, so each
 * one's change counts). Resolves null while there is no index.html (no build yet, or one being
 * written).
 */
export function createSiteBuild(staticDir: string): () => Promise<SiteBuild | null> {
  const watched = ['index.html', ROUTES_FILE, PAGES_MANIFEST_FILE].map((file) =>
    path.join(staticDir, file),
  );
  let key = '';
  let current: Promise<SiteBuild> | null = null;
  return async () => {
    const times = await Promise.all(
      watched.map((file) =>
        stat(file).then(
          (s) => `${s.mtimeMs}:${s.size}`,
          () => null,
        ),
      ),
    );
    if (times[0] === null) return null;
    const now = times.join(',');
    if (now !== key || !current) {
      key = now;
      current = loadSiteBuild(staticDir);
    }
    return current;
  };
}
