/**
 * spec §7: the catalogue of every call the client makes, by module, derived from the API
 * contracts (src/contracts, issue 31: each call's method, path, input and output written once).
 * Build time and server only: it carries the contracts' zod schemas, so the phone never imports
 * it (the client ships the compact table of ./api-table.ts instead, generated from this).
 *
 * Naming rules
 * - A call's qualified name is `<module>.<call>`, e.g. 'generalActivity.luckDraw'. The call part
 *   is the path below the module's base and may hold a slash ('generalActivity.newUser/packet').
 * - Module names follow the spec's groups: 'videoVip' is /mp/api/video/vip/, 'video' the video
 *   guide under /mp/api/video/, 'orchid' keeps the spec's path /mp/api/orchild/.
 * - A call that exists with both methods (convertGoldRich, luckDraw, newProduct.vote,
 *   leads.save) has two entries: the plain name is the POST, and the GET twin carries the suffix
 *   `.get` ('generalActivity.luckDraw.get'). No other name ends in `.get` or `.post`.
 * - The spec does not show the paths of the holiday and app-store lookups; we use
 *   /mp/api/generalActivity/holiday and /mp/api/generalActivity/getAppStoreUrl, which §7's GET
 *   list also names, so 'generalActivity.holiday' and 'holiday.getHolidays' (likewise
 *   'generalActivity.getAppStoreUrl' and 'appStore.getAppStoreUrl') are the same call.
 * - `{token}` in a path is a path parameter, filled from the call's params (traffic.byToken).
 * - successCode: 1 for the activity-info and WeChat-signature calls (spec §4, §7), else 0.
 * - mutation: the call changes state (draw, claim, sign, vote, upload, complete, send, save...);
 *   the API client sends an idempotency key with these.
 * - params: the parameter names the spec shows; most calls' parameters are not shown.
 * - The order is the contracts registry's (src/contracts/index.ts), family by family.
 */
import { contracts, type ApiContract, type ApiMethod, type ApiName } from '../../contracts';
import { closestName } from './closest-name';

export type { ApiMethod };

export interface ApiEntry {
  readonly name: string;
  readonly module: string;
  readonly call: string;
  readonly method: ApiMethod;
  readonly path: string;
  readonly successCode: number;
  readonly mutation: boolean;
  readonly params: readonly string[];
  /**
   * A call of ours that spec §7 does not name (../shared/BREADTH.md point 4: points balance and
   * exchange, cinema lists, trip data, NFC supplement...): same envelope and style, and marked
   * "not in spec" in the API reference.
   */
  readonly ours: boolean;
}

const TWIN = '.get';

function toEntry(name: string, contract: ApiContract): ApiEntry {
  const dot = name.indexOf('.');
  const module = name.slice(0, dot);
  const twin = contract.method === 'GET' && name.endsWith(TWIN);
  const call = name.slice(dot + 1, twin ? -TWIN.length : undefined);
  return Object.freeze({
    name,
    module,
    call,
    method: contract.method,
    path: contract.path,
    successCode: contract.successCode,
    mutation: contract.mutation,
    params: contract.params,
    ours: contract.ours,
  });
}

/** Every entry, in the contracts registry's order. */
export const apiCatalogue: readonly ApiEntry[] = Object.freeze(
  (Object.entries(contracts) as [ApiName, ApiContract][]).map(([name, c]) => toEntry(name, c)),
);

const byName: ReadonlyMap<string, ApiEntry> = new Map(apiCatalogue.map((e) => [e.name, e]));

export const apiNames: readonly string[] = Object.freeze(apiCatalogue.map((e) => e.name));
export const apiModules: readonly string[] = Object.freeze([
  ...new Set(apiCatalogue.map((e) => e.module)),
]);

export function isKnownApiName(name: string): boolean {
  return byName.has(name);
}

/** Own-entry lookup: '__proto__' or 'toString' are simply unknown. */
export function getApiEntry(name: string): ApiEntry | undefined {
  return byName.get(name);
}

/** The closest catalogue name to an unknown one ('generalActivity.luckdraw' → '…luckDraw'). */
export function suggestApiName(name: string): string | null {
  return closestName(name, apiNames);
}
