/**
 * What the API client needs of the catalogue at run time: for each qualified name its method,
 * path, success code and whether it is a mutation. The rich catalogue (./catalogue.ts: modules,
 * params, naming rules) stays with the validator, the server and the docs; the client ships this
 * compact table instead, generated from the catalogue by `npm run generate`
 * (src/build/api-table.ts; docs/decisions/0008-first-load-budget.md).
 *
 * Encoding: modules separated by ';'. A module is 'name base', then '|'-separated groups; a group
 * is its flags, then its calls, space-separated. Flags: 'g' GET or 'p' POST, 'm' mutation, 't'
 * the GET twin (name ends in '.get'), digits the success code when it is not API_SUCCESS_CODE. A
 * call written 'call=path' has that full path instead of base + call.
 */
import { API_SUCCESS_CODE } from '../../spec/constants';
import type { ApiMethod } from './catalogue';

export interface ApiRoute {
  readonly name: string;
  readonly method: ApiMethod;
  readonly path: string;
  readonly successCode: number;
  readonly mutation: boolean;
}

export function decodeApiTable(table: string): ReadonlyMap<string, ApiRoute> {
  const routes = new Map<string, ApiRoute>();
  for (const block of table.split(';')) {
    const [head = '', ...groups] = block.split('|');
    const [module, base] = head.split(' ');
    for (const group of groups) {
      const [flags = '', ...calls] = group.split(' ');
      const code = flags.replace(/\D/g, '');
      for (const item of calls) {
        const [call, path] = item.split('=');
        const name = `${module}.${call}${flags.includes('t') ? '.get' : ''}`;
        routes.set(name, {
          name,
          method: flags.startsWith('g') ? 'GET' : 'POST',
          path: path ?? `${base}${call}`,
          successCode: code ? Number(code) : API_SUCCESS_CODE,
          mutation: flags.includes('m'),
        });
      }
    }
  }
  return routes;
}

/** The routes known so far: those of the documents loaded, then the whole table once needed. */
const known = new Map<string, ApiRoute>();
let whole: Promise<ReadonlyMap<string, ApiRoute>> | null = null;

/**
 * Adds routes in the table's encoding: a compiled document carries those its page can call
 * (`apiTable`, src/build/compile-campaign.ts), so a page calls its API without the catalogue's
 * whole table (decision 0033).
 */
export function addApiRoutes(table: string): void {
  for (const [name, route] of decodeApiTable(table)) known.set(name, route);
}

/**
 * Every route of the catalogue by qualified name (a Map: '__proto__' is simply unknown), loaded
 * the first time a name is not among the known ones: a page whose document listed its calls never
 * fetches it (docs/perf.md, session 9).
 */
export function allApiRoutes(): Promise<ReadonlyMap<string, ApiRoute>> {
  whole ??= import('./api-table.generated').then(({ API_TABLE }) => {
    const routes = decodeApiTable(API_TABLE);
    for (const [name, route] of routes) known.set(name, route);
    return routes;
  });
  return whole;
}

/** The route of `name`: from the known routes at once, else from the whole table. */
export function apiRoute(name: string): ApiRoute | Promise<ApiRoute | undefined> {
  return known.get(name) ?? allApiRoutes().then((routes) => routes.get(name));
}
