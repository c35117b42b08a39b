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
export function appChunk(startModule: string, options: { entry?: string; name?: string } = {}) {
  const name = options.name ?? 'main';
  let members: Set<string> | null = null;
  return (id: string, meta: { getModuleInfo: GetModuleInfo }) => {
    if (!members) {
      // Called through `meta`: the bundler's getModuleInfo needs its `this`.
      const getModuleInfo: GetModuleInfo = (moduleId) => meta.getModuleInfo(moduleId);
      members = staticClosure(startModule, getModuleInfo);
      if (options.entry) {
        for (const member of staticClosure(options.entry, getModuleInfo)) members.delete(member);
      }
    }
    return members.has(id) && !id.endsWith('.css') ? name : null;
  };
}
