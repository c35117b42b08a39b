import { join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { listCampaignFiles, findRouteCollisions } from './campaign-project';
import { openProject } from './campaign-context';
import { formatDiagnostic } from './diagnostic';
import { ROUTE_PRELOADS_FILE, routePreloads, type Bundle } from './route-preloads';
import { ROUTES_FILE, routeList, type RedirectSpec } from './route-list';
import type { LandingName } from '../engine/routes/landing-alias';

const VIRTUAL_ID = 'virtual:campaign-routes';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
const DOCUMENT_QUERY = '?campaign-document';

/**
 * Campaign documents become lazy chunks at build time: each is validated (the validator CLI's
 * rules and messages), its templates resolved and defaults applied, so the phone loads plain
 * data and pays for no validator. Any invalid document fails the build.
 */
export function campaignsPlugin(
  options: { campaignsDir?: string; widgetsDir?: string } = {},
): Plugin {
  const campaignsDir = resolve(options.campaignsDir ?? 'campaigns');
  const widgetsDir = resolve(options.widgetsDir ?? 'widgets');
  let server: ViteDevServer | undefined;
  /** Route -> its document module and the widget modules its first render mounts. */
  const firstRenders = new Map<string, { moduleId: string; initialWidgetModuleIds: string[] }>();
  /** Every route of the route table, and the redirect of each redirect document. */
  const routes = new Set<string>();
  const redirects = new Map<string, RedirectSpec>();
  const landings = new Map<string, LandingName>();
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
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_VIRTUAL_ID;
      if (id.endsWith(DOCUMENT_QUERY)) return id;
      return null;
    },
    load(id) {
      if (id === RESOLVED_VIRTUAL_ID) {
        const files = listCampaignFiles(campaignsDir);
        const collisions = findRouteCollisions(files, (p) => `campaigns/${p}`);
        if (collisions.length > 0) this.error(collisions.map(formatDiagnostic).join('\n'));
        routes.clear();
        for (const file of files) if (file.route !== null) routes.add(file.route);
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
        if (!result.document) {
          const message = result.diagnostics.map(formatDiagnostic).join('\n');
          if (server) server.config.logger.error(message);
          this.error(`invalid campaign document:\n${message}`);
        }
        const { route, redirect, landing } = result.document;
        if (redirect) redirects.set(route, redirect);
        else redirects.delete(route);
        if (landing) landings.set(route, landing);
        else landings.delete(route);
        firstRenders.set(result.document.route, {
          moduleId: id,
          initialWidgetModuleIds: result.document.initialWidgetTypes.map((type) =>
            join(widgetsDir, type, `${type}.tsx`),
          ),
        });
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(result.document))});\n`;
      }
      return null;
    },
    // The build that has the documents (the app's, not the landing pages') lists what each
    // route's first render fetches, for the server to name in the page's HTML.
    generateBundle(_options, bundle) {
      if (firstRenders.size === 0) return;
      // The server answers 404 for a path outside this list and 302 for a redirect it can decide.
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
    },
  };
}
