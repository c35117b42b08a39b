/** The part of Rollup/Rolldown's module info this needs. */
interface ModuleInfo {
  importedIds: readonly string[];
}

/**
 * A manualChunks function that keeps every module the app's start module imports statically in
 * one chunk named `name`. The entry (src/app/boot.ts) imports the app dynamically, so without
 * this the bundler splits what the app shares with widget chunks (React, the services, the
 * engine) into many small shared chunks: more requests and a few KB of glue on every page. The
 * app is always loaded first, so widgets may import from its chunk. Dynamic imports stay lazy.
 */
export function appChunk(startModule: string, name = 'main') {
  let members: Set<string> | null = null;
  return (id: string, meta: { getModuleInfo: (id: string) => ModuleInfo | null }) => {
    if (!members) {
      members = new Set();
      const queue = [startModule];
      while (queue.length > 0) {
        const next = queue.pop()!;
        if (members.has(next)) continue;
        const info = meta.getModuleInfo(next);
        if (!info) continue;
        members.add(next);
        queue.push(...info.importedIds);
      }
    }
    return members.has(id) && !id.endsWith('.css') ? name : null;
  };
}
