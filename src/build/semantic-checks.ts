import type { Action } from '../engine/actions/action-schema';
import type { RenderNode } from '../engine/document/types';
import { checkLocalAssets } from './asset-checks';
import { formatPath, type JsonPath } from './diagnostic';
import { didYouMean, suggest } from './suggest';

/** What a schema alone cannot check: references between parts of a document. */
export interface SemanticContext {
  isKnownApi: (name: string) => boolean;
  apiNames: readonly string[];
  /** Every route of campaigns/, for internal navigate targets. */
  routes: ReadonlySet<string>;
  /** The site's own files (public/ beside campaigns/): `/mp/activity/<file>` must be there. */
  publicDir?: string;
}

export interface SemanticProblem {
  path: JsonPath;
  message: string;
  code: string;
  /** "error" when absent. */
  severity?: 'warning';
}

interface DocShape {
  body?: RenderNode[] | undefined;
  dialogs?: { id: string; body: RenderNode[] }[] | undefined;
  onLoad?: Action[] | undefined;
  data?: Record<string, { call: string }> | undefined;
  redirect?: { to: string } | undefined;
  /** The page's route; absent for a template, which serves none. */
  route?: string | null | undefined;
}

/** A target under the page's own route or its parent's (a template's "{{page.route}}/phone"). */
const OWN_ROUTE_PREFIX = /^\{\{\s*page\.(route|parentRoute)\s*\}\}/;

/** "/a/b" → "/a"; a first-level route's parent is the home page "/". */
export const parentRoute = (route: string) => route.replace(/\/[^/]*$/, '') || '/';

type Visit = (actions: Action[], path: JsonPath) => void;

function walkNodes(
  nodes: RenderNode[],
  path: JsonPath,
  visit: (node: RenderNode, path: JsonPath) => void,
) {
  nodes.forEach((node, index) => {
    const here = [...path, index];
    visit(node, here);
    if (node.children) walkNodes(node.children, [...here, 'children'], visit);
  });
}

const NESTED_BRANCHES = ['onSuccess', 'onError', 'onConfirm', 'onCancel'] as const;

function walkActions(actions: Action[], path: JsonPath, visit: (a: Action, p: JsonPath) => void) {
  actions.forEach((action, index) => {
    const here = [...path, index];
    visit(action, here);
    for (const branch of NESTED_BRANCHES) {
      const nested = (action as Partial<Record<(typeof NESTED_BRANCHES)[number], Action[]>>)[
        branch
      ];
      if (nested) walkActions(nested, [...here, branch], visit);
    }
  });
}

/** How to check a document whose schema errors were left out (src/build/prune-invalid.ts). */
export interface PartialCheck {
  /** Node and dialog ids written in the parts left out: a reference to one is not reported. */
  idsLeftOut: { nodes: ReadonlySet<string>; dialogs: ReadonlySet<string> };
}

export function checkDocumentReferences(
  doc: DocShape,
  context: SemanticContext,
  partial?: PartialCheck,
): SemanticProblem[] {
  const problems: SemanticProblem[] = [];
  const nodeIds = new Map<string, JsonPath>();
  const dialogIds = new Map<string, JsonPath>();
  const actionLists: [Action[], JsonPath][] = [];

  const visitNode = (node: RenderNode, path: JsonPath) => {
    if (node.id !== undefined) {
      const first = nodeIds.get(node.id);
      if (first) {
        problems.push({
          path: [...path, 'id'],
          message: `duplicate node id "${node.id}" (first used at ${formatPath(first)}): ids must be unique`,
          code: 'duplicate-id',
        });
      } else nodeIds.set(node.id, path);
    }
    for (const [event, actions] of Object.entries(node.on ?? {})) {
      if (actions) actionLists.push([actions, [...path, 'on', event]]);
    }
  };

  walkNodes(doc.body ?? [], ['body'], visitNode);
  (doc.dialogs ?? []).forEach((dialog, index) => {
    const first = dialogIds.get(dialog.id);
    if (first) {
      problems.push({
        path: ['dialogs', index, 'id'],
        message: `duplicate dialog id "${dialog.id}"`,
        code: 'duplicate-id',
      });
    } else dialogIds.set(dialog.id, ['dialogs', index]);
    walkNodes(dialog.body, ['dialogs', index, 'body'], visitNode);
  });
  if (doc.onLoad) actionLists.push([doc.onLoad, ['onLoad']]);

  const checkApi = (name: string, path: JsonPath) => {
    if (!context.isKnownApi(name)) {
      problems.push({
        path,
        message: `unknown api call "${name}"${didYouMean(name, context.apiNames)}`,
        code: 'unknown-api',
      });
    }
  };
  for (const [name, source] of Object.entries(doc.data ?? {}))
    checkApi(source.call, ['data', name, 'call']);

  const checkRoute = (written: string, path: JsonPath) => {
    // Checked on each page that extends the template, against that page's route.
    const own = OWN_ROUTE_PREFIX.exec(written);
    const base = own?.[1] === 'parentRoute' && doc.route ? parentRoute(doc.route) : doc.route;
    const to = own ? (base ? written.replace(OWN_ROUTE_PREFIX, base) : '') : written;
    if (!to.startsWith('/') || to.startsWith('//')) return;
    const route = to.split(/[?#]/)[0] ?? to;
    if (!context.routes.has(route)) {
      problems.push({
        path,
        message: `no campaign serves the route "${route}"${own ? ` (${written} on the page ${doc.route ?? ''}: add that page, or leave this link out of the template)` : didYouMean(route, context.routes)}`,
        code: 'unknown-route',
      });
    }
  };
  if (doc.redirect) checkRoute(doc.redirect.to, ['redirect', 'to']);

  const visitAction: Visit = (actions, path) =>
    walkActions(actions, path, (action, here) => {
      if (action.type === 'api') checkApi(action.call, [...here, 'call']);
      if (action.type === 'refresh')
        action.calls?.forEach((call, i) => checkApi(call, [...here, 'calls', i]));
      if (action.type === 'openDialog' || (action.type === 'closeDialog' && action.dialog)) {
        const id = action.dialog ?? '';
        if (!dialogIds.has(id) && !partial?.idsLeftOut.dialogs.has(id)) {
          problems.push({
            path: [...here, 'dialog'],
            message: `no dialog has the id "${id}"${didYouMean(id, dialogIds.keys())}`,
            code: 'unknown-dialog',
          });
        }
      }
      if (
        action.type === 'scrollTo' &&
        !nodeIds.has(action.node) &&
        !partial?.idsLeftOut.nodes.has(action.node)
      ) {
        problems.push({
          path: [...here, 'node'],
          message: `no node has the id "${action.node}"${didYouMean(action.node, nodeIds.keys())}`,
          code: 'unknown-node',
        });
      }
      if (action.type === 'navigate') checkRoute(action.to, [...here, 'to']);
    });
  for (const [actions, path] of actionLists) visitAction(actions, path);
  // A partial document's values were checked whole (checkValues on what was written).
  if (!partial) problems.push(...checkValues(doc, context.publicDir));
  return problems;
}

/**
 * Checks that need no valid schema (bindings, dates), so they also run on a document that has
 * schema errors and everything shows in one run.
 */
export function checkValues(doc: unknown, publicDir?: string): SemanticProblem[] {
  const shape = (doc !== null && typeof doc === 'object' ? doc : {}) as DocShape;
  return [
    ...checkBindings(shape),
    ...checkDates(shape),
    ...(publicDir ? checkLocalAssets(doc, publicDir) : []),
  ];
}

/** Impossible dates and ranges that end before they start, in any JSON value (activity files). */
export function checkDateValues(value: unknown, publicDir?: string): SemanticProblem[] {
  return [
    ...checkDates((value !== null && typeof value === 'object' ? value : {}) as DocShape),
    ...(publicDir ? checkLocalAssets(value, publicDir) : []),
  ];
}

/**
 * What a binding can read: the page's scope as src/engine/page/campaign-page.tsx builds it
 * (state, activity, query, env, page, data; event inside actions run by an event).
 */
export const BINDING_SCOPES = ['state', 'activity', 'query', 'env', 'page', 'data', 'event'];
const PAGE_FIELDS = ['title', 'route', 'share', 'activityCode', 'parentRoute'];
/** State keys the engine sets by itself (src/engine/actions/default-handlers.ts). */
const BUILT_IN_STATE = ['lastError'];
/** The binding syntax of src/engine/bindings/interpolate.ts: `{{ path }}` or `{{ path | fallback }}`. */
const BINDING_PATH = /^\s*([A-Za-z_$][\w$]*(?:\.[\w$]+)*)\s*(?:\|[^}]*)?$/;
const ACTION_KEYS = new Set(['on', 'onLoad', ...NESTED_BRANCHES]);

/**
 * Every string of a value, with its path (the visitor copies `path` if it keeps it) and the
 * object it sits in. One mutable path for the whole walk: a 200-page run allocates no paths for
 * the strings that need no check. The document is depth-checked before this runs.
 */
function eachString(
  value: unknown,
  visit: (text: string, path: readonly (string | number)[]) => void,
  visitObject?: (record: Record<string, unknown>, path: readonly (string | number)[]) => void,
): void {
  const path: (string | number)[] = [];
  const walk = (current: unknown): void => {
    if (typeof current === 'string') visit(current, path);
    else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) {
        path.push(index);
        walk(current[index]);
        path.pop();
      }
    } else if (current !== null && typeof current === 'object') {
      const record = current as Record<string, unknown>;
      visitObject?.(record, path);
      for (const key of Object.keys(record)) {
        path.push(key);
        walk(record[key]);
        path.pop();
      }
    }
  };
  walk(value);
}

function collectStateKeys(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectStateKeys(item, into);
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.type === 'setState' && typeof record.key === 'string') into.add(record.key);
    if (record.type === 'api' && typeof record.saveAs === 'string') into.add(record.saveAs);
    for (const item of Object.values(record)) collectStateKeys(item, into);
  }
}

/** Bindings (`{{scope.path}}`, and `when.data.path`) that can only ever read nothing. */
function checkBindings(doc: DocShape): SemanticProblem[] {
  const problems: SemanticProblem[] = [];
  const sources = Object.keys(doc.data ?? {});
  const stateKeys = new Set(BUILT_IN_STATE);
  collectStateKeys(doc, stateKeys);
  const checkPath = (bindingPath: string, where: JsonPath, written: string) => {
    const [scope = '', field] = bindingPath.split('.');
    const inAction = where.some((segment) => ACTION_KEYS.has(String(segment)));
    const problem = (message: string, severity?: 'warning') =>
      problems.push({ path: where, message, code: 'binding', ...(severity ? { severity } : {}) });
    if (!BINDING_SCOPES.includes(scope)) {
      const userLike = suggest(scope, ['user']) !== undefined;
      problem(
        `${written} reads "${scope}", which does not exist, so it always shows ${written.includes('|') ? 'the fallback' : 'empty'}: bindings read ${BINDING_SCOPES.join(', ')}${userLike ? "; the visitor's details come from a data source ({{data.<source>.nickName}})" : didYouMean(scope, BINDING_SCOPES)}`,
      );
    } else if (scope === 'event' && !inAction) {
      problem(
        `${written}: "event" exists only in actions run by an event (on.click…), so here it is always empty`,
        'warning',
      );
    } else if (
      scope === 'data' &&
      field !== undefined &&
      !sources.includes(field) &&
      // A failed source's message (src/engine/page/use-page-data.ts): {{data.<source>Error}}.
      !(field.endsWith('Error') && sources.includes(field.slice(0, -'Error'.length)))
    ) {
      problem(
        `${written}: the page has no data source "${field}"${didYouMean(field, sources) || (sources.length > 0 ? `; its sources are ${sources.join(', ')}` : '; declare it under "data"')}`,
      );
    } else if (scope === 'page' && field !== undefined && !PAGE_FIELDS.includes(field)) {
      problem(`${written}: "page" has ${PAGE_FIELDS.join(', ')}${didYouMean(field, PAGE_FIELDS)}`);
    } else if (scope === 'state' && field !== undefined && !stateKeys.has(field)) {
      problem(
        `${written}: no action of this page sets state "${field}" (a setState action or an api action's saveAs)${didYouMean(field, stateKeys)}`,
        'warning',
      );
    }
  };
  eachString(doc, (text, where) => {
    // when: { data: { path: "…" } } reads the same scope as a binding.
    const last = where.length;
    if (last >= 3 && where[last - 1] === 'path' && where[last - 2] === 'data') {
      if (where.includes('when')) checkPath(text, [...where], `"${text}"`);
      return;
    }
    if (!text.includes('{{')) return;
    const path = [...where];
    for (const match of text.matchAll(/\{\{([^}]*)\}\}/g)) {
      const inner = match[1] ?? '';
      const parsed = BINDING_PATH.exec(inner);
      if (!parsed?.[1]) {
        problems.push({
          path,
          message: `"${match[0]}" is not a binding and shows as written: use {{scope.path}} or {{scope.path|fallback}}, e.g. {{query.from|直接访问}}`,
          code: 'binding',
          severity: 'warning',
        });
        continue;
      }
      checkPath(parsed[1], path, match[0]);
    }
  });
  return problems;
}

export const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|([+-])(\d{2}):(\d{2}))?)?$/;
const RANGE_KEYS: [string, string][] = [
  ['from', 'until'],
  ['from', 'to'],
  ['start', 'end'],
  ['startTime', 'endTime'],
  ['begin', 'end'],
];

/** Why an ISO-looking date is not a real one (2026-02-30, 25:00), or undefined when it is. */
export function impossibleDate(text: string): string | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second, , offsetHour, offsetMinute] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (month! < 1 || month! > 12) return `month ${match[2]} does not exist`;
  const days = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (day! < 1 || day! > days)
    return `${match[1]}-${match[2]} has ${days} days, so day ${match[3]} does not exist`;
  if (hour !== undefined && hour > 23) return `hour ${match[4]} does not exist (00–23)`;
  if (minute !== undefined && minute > 59) return `minute ${match[5]} does not exist (00–59)`;
  if (second !== undefined && second > 59) return `second ${match[6]} does not exist (00–59)`;
  if (offsetHour !== undefined && (offsetHour > 14 || (offsetMinute ?? 0) > 59))
    return 'the time zone offset does not exist';
  return undefined;
}

/** Dates that do not exist and ranges that end before they start (they never hold). */
function checkDates(doc: DocShape): SemanticProblem[] {
  const problems: SemanticProblem[] = [];
  const impossible = new Set<string>();
  const ranges: [Record<string, unknown>, JsonPath][] = [];
  eachString(
    doc,
    (text, where) => {
      // Cheap test first: most strings are not dates.
      const first = text.charCodeAt(0);
      if (text.length < 10 || first < 48 || first > 57) return;
      const why = impossibleDate(text);
      if (!why) return;
      impossible.add(formatPath(where));
      problems.push({
        path: [...where],
        message: `"${text}" is not a real date: ${why} (JavaScript would silently move it to another day)`,
        code: 'date',
      });
    },
    (record, where) => {
      if (RANGE_KEYS.some(([start, end]) => start in record && end in record))
        ranges.push([record, [...where]]);
    },
  );
  for (const [record, path] of ranges) {
    for (const [startKey, endKey] of RANGE_KEYS) {
      const start = record[startKey];
      const end = record[endKey];
      if (typeof start !== 'string' || typeof end !== 'string') continue;
      if (!ISO_DATE.test(start) || !ISO_DATE.test(end)) continue;
      if (
        impossible.has(formatPath([...path, startKey])) ||
        impossible.has(formatPath([...path, endKey]))
      )
        continue;
      // The engine compares Date.parse values (src/contracts/conditions/evaluate.ts).
      if (Date.parse(end) <= Date.parse(start)) {
        problems.push({
          path: [...path, endKey],
          message: `the range ends (${endKey} "${end}") ${Date.parse(end) === Date.parse(start) ? 'when' : 'before'} it starts (${startKey} "${start}"), so it never holds: check the dates (${endKey} is exclusive)`,
          code: 'date-range',
        });
      }
    }
  }
  return problems;
}
