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
import { API_TABLE } from './api-table.generated';

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

let decoded: ReadonlyMap<string, ApiRoute> | null = null;

/**
 * Every route of the catalogue by qualified name (a Map: '__proto__' is simply unknown), decoded
 * at the first call rather than when the app's chunk is evaluated: a page's first render waits
 * for that evaluation, and most pages call no API before it (docs/perf.md, render cost).
 */
export function apiRoutes(): ReadonlyMap<string, ApiRoute> {
  decoded ??= decodeApiTable(API_TABLE);
  return decoded;
}
