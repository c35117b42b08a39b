/**
 * Which calls of the catalogue the pages can make (issue 32 item 6), read from each compiled
 * document's `apiTable` (decision 0033: the calls a page can make, at load or on a tap). A call
 * is keyed by method and path, so two catalogue names of one call (an alias) count as one.
 * Build time and tests only.
 */
import { decodeApiTable } from '../services/api/api-table';
import { apiCatalogue, type ApiEntry } from '../services/api/catalogue';
import type { CampaignProject } from './campaign-project';

/** `GET /mp/api/generalActivity/luckDraw`: one call, whatever its catalogue names. */
export function callKey(entry: Pick<ApiEntry, 'method' | 'path'>): string {
  return `${entry.method} ${entry.path}`;
}

/** Each call's key → the routes whose document can make it, for every page of the project. */
export function reachableCalls(project: CampaignProject): Map<string, string[]> {
  const byName = new Map(apiCatalogue.map((entry) => [entry.name, entry]));
  const reach = new Map<string, string[]>();
  for (const file of project.files) {
    if (file.route === null) continue;
    const table = project.compile(file.relativePath).document?.apiTable;
    if (!table) continue;
    for (const name of decodeApiTable(table).keys()) {
      const entry = byName.get(name);
      if (!entry) throw new Error(`${file.relativePath}: "${name}" is not in the catalogue`);
      const key = callKey(entry);
      reach.set(key, [...(reach.get(key) ?? []), file.route]);
    }
  }
  return reach;
}

/** The spec's calls (not ours), one entry per key (the first catalogue name of each). */
export function specCalls(): ApiEntry[] {
  const seen = new Set<string>();
  return apiCatalogue.filter((entry) => {
    if (entry.ours || seen.has(callKey(entry))) return false;
    seen.add(callKey(entry));
    return true;
  });
}
