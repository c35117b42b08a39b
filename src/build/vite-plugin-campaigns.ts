import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';
import { listCampaignFiles, findRouteCollisions } from './campaign-project';
import { openProject } from './campaign-context';
import { formatDiagnostic } from './diagnostic';
import { widgetChunks, routePreloads, type Bundle, type FirstRender } from './route-preloads';
import { ROUTES_FILE, routeList, type RedirectSpec } from '../contracts/site/route-list';
import type { LandingName } from '../contracts/site/landing-alias';
import {
  ROUTE_PRELOADS_FILE,
  WIDGET_CHUNKS_FILE,
  documentFile,
} from '../contracts/site/build-output';
import type { CampaignDocument } from '../engine/document/types';
import type { CompileResult } from './compile-campaign';

const VIRTUAL_ID = 'virtual:campaign-routes';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
/** Every route, for the build-time renderer only: the app itself never holds the list. */
const ROUTE_LIST_ID = 'virtual:campaign-route-list';
const RESOLVED_ROUTE_LIST_ID = `\0${ROUTE_LIST_ID}`;
const FETCHED_DOCUMENTS_MODULE = fileURLToPath(
  new URL('../engine/routes/fetched-documents.ts', import.meta.url),
);
const DOCUMENT_QUERY = '?campaign-document';

/** The module of a widget part (`<type>/<part>`, WidgetDefinition.parts): a .tsx or .ts file. */
function partModule(widgetsDir: string, part: string): string {
  const tsx = join(widgetsDir, `${part}.tsx`);
  return existsSync(tsx) ? tsx : join(widgetsDir, `${part}.ts`);
}

/**
 * Campaign documents are compiled at build time: each is validated (the validator CLI's rules
 * and messages), its templates resolved and defaults applied, so the phone loads plain data and
 * pays for no validator. Any invalid document fails the build.
 *
 * The production app fetches each route's document as a JSON file whose URL derives from the
 * route (fetched-documents.ts): its entry carries no table of routes (issue 10: 172 routes cost
 * 3.3 KB gzip there). The development server and the build-time renderer import each document
 * as a module instead (edits reload; the renderer needs no server).
 */
export function campaignsPlugin(
  options: { campaignsDir?: string; widgetsDir?: string } = {},
): Plugin {
  const campaignsDir = resolve(options.campaignsDir ?? 'campaigns');
  const widgetsDir = resolve(options.widgetsDir ?? 'widgets');
  let server: ViteDevServer | undefined;
  let building = false;
  /** Route -> what its first render fetches: its document and the widget modules it mounts. */
  const firstRenders = new Map<string, FirstRender>();
  /** Every route of the route table, and the redirect of each redirect document. */
  const routes = new Set<string>();
  const redirects = new Map<string, RedirectSpec>();
  const landings = new Map<string, LandingName>();
  /** The production app's documents, route -> JSON, written as files with the bundle. */
  const fetchedDocuments = new Map<string, string>();

  /** Remembers what the server and the page hints need of a compiled document. */
  const noteDocument = (
    document: CampaignDocument,
    first: Omit<FirstRender, 'initialWidgetModuleIds'>,
  ) => {
    const { route, redirect, landing } = document;
    if (redirect) redirects.set(route, redirect);
    else redirects.delete(route);
    if (landing) landings.set(route, landing);
    else landings.delete(route);
    const initialTypes = new Set(document.initialWidgetTypes);
    firstRenders.set(route, {
      ...first,
      initialWidgetModuleIds: [
        ...document.initialWidgetTypes.map((type) => join(widgetsDir, type, `${type}.tsx`)),
        // The parts of those widgets the page renders with load beside their chunks.
        ...(document.widgetParts ?? [])
          .filter((part) => initialTypes.has(part.slice(0, part.indexOf('/'))))
          .map((part) => partModule(widgetsDir, part)),
      ],
    });
  };

  /** The compiled document, or the build fails with the validator's messages. */
  const compiled = (result: CompileResult): CampaignDocument => {
    if (result.document) return result.document;
    const message = result.diagnostics.map(formatDiagnostic).join('\n');
    if (server) server.config.logger.error(message);
    throw new Error(`invalid campaign document:\n${message}`);
  };

  return {
    name: 'campaign-documents',
    configureServer(dev) {
      server = dev;
      dev.watcher.add(campaignsDir);
      const invalidate = (file: string) => {
        if (!file.startsWith(campaignsDir)) return;
        for (const id of [RESOLVED_VIRTUAL_ID]) {
          const module = dev.moduleGraph.getModuleById(id);
          if (module) dev.moduleGraph.invalidateModule(module);
        }
        for (const module of dev.moduleGraph.idToModuleMap.values()) {
          if (module.id?.endsWith(DOCUMENT_QUERY)) dev.moduleGraph.invalidateModule(module);
        }
        dev.ws.send({ type: 'full-reload' });
      };
      dev.watcher.on('change', invalidate);
      dev.watcher.on('add', invalidate);
      dev.watcher.on('unlink', invalidate);
    },
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_VIRTUAL_ID;
      if (id === ROUTE_LIST_ID) return RESOLVED_ROUTE_LIST_ID;
      if (id.endsWith(DOCUMENT_QUERY)) return id;
      return null;
    },
    load(id) {
      if (id === RESOLVED_VIRTUAL_ID || id === RESOLVED_ROUTE_LIST_ID) {
        const files = listCampaignFiles(campaignsDir);
        const collisions = findRouteCollisions(files, (p) => `campaigns/${p}`);
        if (collisions.length > 0) this.error(collisions.map(formatDiagnostic).join('\n'));
        routes.clear();
        for (const file of files) if (file.route !== null) routes.add(file.route);
        if (id === RESOLVED_ROUTE_LIST_ID) {
          return `export const routes = ${JSON.stringify([...routes])};\n`;
        }
        if (building && this.environment.config.consumer === 'client') {
          // The production app: every document compiled now, written as a file with the bundle.
          const project = openProject(campaignsDir);
          for (const file of files) {
            if (file.route === null) continue;
            const document = compiled(project.compile(file.relativePath));
            fetchedDocuments.set(document.route, JSON.stringify(document));
            noteDocument(document, { documentFile: documentFile(document.route) });
          }
          return [
            `import { FetchedDocuments } from ${JSON.stringify(FETCHED_DOCUMENTS_MODULE)};`,
            `export const routeLoaders = new FetchedDocuments(import.meta.env.BASE_URL);`,
            '',
          ].join('\n');
        }
        const entries = files
          .filter((file) => file.route !== null)
          .map(
            (file) =>
              `  [${JSON.stringify(file.route)}, () => import(${JSON.stringify(
                `${join(campaignsDir, file.relativePath)}${DOCUMENT_QUERY}`,
              )})],`,
          );
        return `export const routeLoaders = new Map([\n${entries.join('\n')}\n]);\n`;
      }
      if (id.endsWith(DOCUMENT_QUERY)) {
        const file = id.slice(0, -DOCUMENT_QUERY.length);
        const project = openProject(campaignsDir);
        const relativePath = file
          .slice(campaignsDir.length + 1)
          .split('\\')
          .join('/');
        const result = project.compile(relativePath);
        for (const used of result.files) this.addWatchFile(join(campaignsDir, used));
        const document = compiled(result);
        noteDocument(document, { moduleId: id });
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(document))});\n`;
      }
      return null;
    },
    // The build that has the documents (the app's, not the landing pages') lists what each
    // route's first render fetches, for the server to name in the page's HTML. Last among the
    // plugins: Vite's CSS plugin removes the chunks that held only CSS (a stylesheet several
    // chunks import, with cssCodeSplit off) in this hook, and a list made before would name them.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (firstRenders.size === 0) return;
        // The server answers 404 for a path outside this list and 302 for a redirect it can decide.
        for (const [route, json] of fetchedDocuments) {
          this.emitFile({ type: 'asset', fileName: documentFile(route), source: json });
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTES_FILE,
          source: `${JSON.stringify(routeList(routes, redirects, landings), null, 1)}\n`,
        });
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(routePreloads(bundle as unknown as Bundle, firstRenders), null, 1)}\n`,
        });
        this.emitFile({
          type: 'asset',
          fileName: WIDGET_CHUNKS_FILE,
          source: `${JSON.stringify(widgetChunks(bundle as unknown as Bundle, firstRenders))}\n`,
        });
      },
    },
  };
}
