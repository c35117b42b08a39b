/** The part of Rollup/Rolldown's module info this needs. */
interface ModuleInfo {
  importedIds: readonly string[];
}

type GetModuleInfo = (id: string) => ModuleInfo | null;

/** `start` and every module it imports statically, transitively (dynamic imports excluded). */
function staticClosure(start: string, getModuleInfo: GetModuleInfo): Set<string> {
  const members = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (members.has(next)) continue;
    const info = getModuleInfo(next);
    if (!info) continue;
    members.add(next);
    queue.push(...info.importedIds);
  }
  return members;
}

/**
 * A manualChunks function that keeps every module the app's start module imports statically in
 * one chunk named `name`. The entry (src/app/boot.ts) imports the app dynamically, so without
 * this the bundler splits what the app shares with widget chunks (React, the services, the
 * engine) into many small shared chunks: more requests and a few KB of glue on every page. The
 * app is always loaded first, so widgets may import from its chunk. Dynamic imports stay lazy.
 *
 * What the entry itself imports statically stays out of that chunk (the bundler keeps it in the
 * entry): otherwise the entry would import the app's chunk statically, and a prerendered page
 * would download the whole app before its first paint instead of after it (issue 10: Lighthouse
 * counts every script that finished before the paint into its simulated paint).
 */
export function appChunk(startModule: string, options: AppChunkOptions = {}) {
  const name = options.name ?? 'main';
  let members: Set<string> | null = null;
  return (id: string, meta: { getModuleInfo: GetModuleInfo }) => {
    if (!members) {
      // Called through `meta`: the bundler's getModuleInfo needs its `this`.
      const getModuleInfo: GetModuleInfo = (moduleId) => meta.getModuleInfo(moduleId);
      members = staticClosure(startModule, getModuleInfo);
      if (options.shared) {
        for (const member of sharedByWidgets(members, options.shared, getModuleInfo)) {
          members.add(member);
        }
      }
      if (options.entry) {
        for (const member of staticClosure(options.entry, getModuleInfo)) members.delete(member);
      }
      options.onMembers?.(members);
    }
    return members.has(id) && !id.endsWith('.css') ? name : null;
  };
}

export interface SharedModules {
  /** The lazily loaded modules whose shared code is weighed: the widgets' components. */
  widgets: readonly string[];
  /** Shared by at least this many widgets (outside the app's own closure) to join the app. */
  minWidgets: number;
  /** Widget components small and common enough to ship in the app itself. */
  alwaysIn?: readonly string[];
  /** Never moved, however shared (a large library only some widgets need). */
  keepOut?: (id: string) => boolean;
}

export interface AppChunkOptions {
  entry?: string;
  name?: string;
  /**
   * Modules that several widgets import, moved into the app's chunk. Left alone the bundler gives
   * each its own chunk (a few hundred bytes each): a page then fetches a dozen of them, paying a
   * request and a file's compression overhead for each (issue 10, decision 0032).
   */
  shared?: SharedModules;
  /** Told the final membership (the build's tests and its report). */
  onMembers?: (members: ReadonlySet<string>) => void;
}

/** The modules outside `app` that at least `minWidgets` widgets import statically. */
function sharedByWidgets(
  app: ReadonlySet<string>,
  shared: SharedModules,
  getModuleInfo: GetModuleInfo,
): Set<string> {
  const users = new Map<string, number>();
  for (const widget of shared.widgets) {
    for (const member of staticClosure(widget, getModuleInfo)) {
      if (member === widget || app.has(member)) continue;
      users.set(member, (users.get(member) ?? 0) + 1);
    }
  }
  const moved = new Set(shared.alwaysIn ?? []);
  for (const [member, count] of users) {
    if (count >= shared.minWidgets && !shared.keepOut?.(member)) moved.add(member);
  }
  // What a moved widget imports moves with it, unless the app has it already.
  for (const widget of shared.alwaysIn ?? []) {
    for (const member of staticClosure(widget, getModuleInfo)) {
      if (!app.has(member) && !shared.keepOut?.(member)) moved.add(member);
    }
  }
  return moved;
}

/** Vite's `build.modulePreload.resolveDependencies`. */
type ResolveDependencies = (
  filename: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

/** Which chunks a page has loaded before any other code of the app runs. */
export interface LoadedFirst {
  /** The entry: the first script of every page. */
  entry: RegExp;
  /** What the entry starts, with the bundler's runtime: loaded before any widget. */
  app: RegExp;
}

/**
 * Preload hints for a dynamic import only when it brings files the page does not have yet
 * besides the imported chunk itself. When the app's code imports a chunk, the entry, the app's
 * chunk and the bundler's runtime are loaded (`loaded`), so they are never worth a hint, and a
 * chunk whose only other imports are those is fetched by the `import()` itself. Vite then leaves
 * such imports without a dependency list: on every page that was ~1 KB gzip of file names in the
 * app's chunk, for widget chunks that, once the shared modules joined the app, import nothing
 * else (decision 0032). The entry's own import of the app keeps its hints: there the app's
 * chunks are still to load, and in parallel.
 */
export function preloadOnlyWhatIsMissing(loaded: LoadedFirst): ResolveDependencies {
  return (filename, deps, { hostId }) => {
    const have = (dep: string) =>
      loaded.entry.test(dep) || (!loaded.entry.test(hostId) && loaded.app.test(dep));
    const missing = deps.filter((dep) => !have(dep));
    return missing.every((dep) => dep === filename) ? [] : missing;
  };
}
