/**
 * What each route's first render fetches beyond the app entry: its document chunk and the chunks
 * of the widgets it mounts at once, with what they import and their CSS. The server names these
 * in the page's HTML (`<link rel="modulepreload">`), so the browser fetches them while the entry
 * loads instead of after it ran (docs/perf.md, runtime). Computed from the build's own bundle;
 * the files' names and the hints' markup are src/contracts/site/build-output.ts, which the
 * server reads too.
 */
import type { WidgetChunks } from '../contracts/site/build-output';

/** The part of a Rollup/Rolldown output chunk this needs. */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: readonly string[];
  /** Chunks it imports with import(): for the entry, the app it starts (src/app/boot.ts). */
  dynamicImports?: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> } | undefined;
}
export type Bundle = Record<string, BundleChunk | { type: 'asset'; fileName: string }>;

/** The widget type of a widget module id (widgets/<type>/<type>.tsx). */
function widgetTypeOf(moduleId: string): string {
  return moduleId.split(/[\\/]/).slice(-2, -1)[0] ?? moduleId;
}

function chunksByFile(bundle: Bundle): Map<string, BundleChunk> {
  const chunks = new Map<string, BundleChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  }
  return chunks;
}

/** A chunk's file and every chunk it imports statically, in load order. */
function closure(chunks: Map<string, BundleChunk>, file: string, into: Set<string>): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of chunks.get(file)?.imports ?? []) closure(chunks, imported, into);
  return into;
}

/**
 * What a route's first render loads: its document (a module of the bundle, or, in the
 * production app, a JSON file beside it) and the widget modules it mounts at once.
 */
export interface FirstRender {
  moduleId?: string;
  documentFile?: string;
  initialWidgetModuleIds: readonly string[];
}

export function routePreloads(
  bundle: Bundle,
  routes: ReadonlyMap<string, FirstRender>,
): Record<string, string[]> {
  const chunks = chunksByFile(bundle);
  const byModule = new Map<string, string>();
  const entryFiles = new Set<string>();
  const entries: BundleChunk[] = [];
  for (const chunk of chunks.values()) {
    if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId, chunk.fileName);
    if (chunk.isEntry) {
      closure(chunks, chunk.fileName, entryFiles);
      entries.push(chunk);
    }
  }
  const result: Record<string, string[]> = {};
  for (const [route, { moduleId, documentFile, initialWidgetModuleIds }] of routes) {
    const files = new Set<string>();
    if (documentFile) files.add(documentFile);
    // The app the entry starts comes first: every route needs it, and the HTML names no more
    // than the entry itself (it is a dynamic import, after the first paint).
    for (const entry of entries) {
      for (const started of entry.dynamicImports ?? []) closure(chunks, started, files);
    }
    for (const id of moduleId ? [moduleId, ...initialWidgetModuleIds] : initialWidgetModuleIds) {
      const file = byModule.get(id);
      if (file) closure(chunks, file, files);
    }
    const scripts = [...files].filter((file) => !entryFiles.has(file));
    const styles = new Set<string>();
    for (const file of scripts) {
      for (const css of chunks.get(file)?.viteMetadata?.importedCss ?? []) styles.add(css);
    }
    result[route] = [...scripts, ...styles];
  }
  return result;
}

export function widgetChunks(
  bundle: Bundle,
  routes: ReadonlyMap<string, FirstRender>,
): WidgetChunks {
  const chunks = chunksByFile(bundle);
  const byModule = new Map<string, string>();
  const app = new Set<string>();
  for (const chunk of chunks.values()) {
    if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId, chunk.fileName);
    if (chunk.isEntry) {
      closure(chunks, chunk.fileName, app);
      for (const started of chunk.dynamicImports ?? []) closure(chunks, started, app);
    }
  }
  const result: WidgetChunks = {};
  for (const [route, { initialWidgetModuleIds }] of routes) {
    const types: Record<string, string[]> = {};
    for (const id of initialWidgetModuleIds) {
      const file = byModule.get(id);
      if (!file) continue;
      // A widget's parts (widgets/<type>/<part>) join its type's list.
      const type = widgetTypeOf(id);
      const files = new Set(types[type]);
      for (const name of closure(chunks, file, new Set())) if (!app.has(name)) files.add(name);
      types[type] = [...files];
    }
    result[route] = types;
  }
  return result;
}
