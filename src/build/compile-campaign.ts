import { posix } from 'node:path';
import type { z } from 'zod';
import { actionTypes } from '../engine/actions/action-schema';
import type { Condition } from '../contracts/conditions/condition-schema';
import { loginOnly } from '../engine/conditions/login-only';
import { deepMerge } from '../engine/document/deep-merge';
import { fileToRoute } from '../contracts/site/route-table';
import { MigrationError, migrateDocument, type RawDocument } from '../engine/document/migrations';
import type { CampaignDocument, RenderNode } from '../engine/document/types';
import { pageInfoOf } from '../engine/page/page-info';
import { markBoundUrls, type UrlPropsOf } from '../engine/urls/bound-url-paths';
import { checkActivityReferences } from './activity-checks';
import { checkCompliance, type ComplianceOf } from './compliance-checks';
import { checkFloating, type FloatingOf } from './floating-checks';
import type { ActivityProject } from './activity-project';
import type { Diagnostic, JsonPath } from './diagnostic';
import { formatPath, isError } from './diagnostic';
import { issuesToDiagnostics } from './issues-to-diagnostics';
import { pruneInvalid } from './prune-invalid';
import { blameOverride, nullsWithoutTemplate } from './override-checks';
import { fillPageBoundUrls } from './page-bound-urls';
import { didYouMean } from './suggest';
import { decodeCampaignBytes, JsonSource } from './json-source';
import {
  checkDocumentReferences,
  checkValues,
  type SemanticContext,
  type SemanticProblem,
} from './semantic-checks';

/** A file under campaigns/ as read: its bytes, or why there are none. */
export type CampaignRead =
  | { bytes: Uint8Array }
  | {
      missing: 'not-found' | 'broken-link' | 'directory' | 'outside' | 'unreadable';
      /** The link's target, or the system's error code. */
      detail?: string;
    };

export interface CompileContext extends SemanticContext {
  /** Reads a file relative to campaigns/. */
  readCampaign: (relativePath: string) => CampaignRead;
  /** How a file is named in messages (e.g. "campaigns/luckDraw.json"). */
  displayName: (relativePath: string) => string;
  schema: z.ZodType;
  widgetTypes: readonly string[];
  /** The children a widget mounts at first, when not all (WidgetDefinition.initialChildren). */
  initialChildren?: (type: string, props: unknown) => readonly number[] | undefined;
  /**
   * Where a type's URL-typed props are (widgets/url-props.generated.ts): nodes that bind one are
   * marked for the URL policy at run time. Without it, nothing is marked.
   */
  urlProps?: UrlPropsOf;
  /**
   * The API calls a widget's node can make (WidgetDefinition.apiCalls), the engine's own calls
   * for a page, and the encoder of their routes: with all three, each document carries the routes
   * of every call it can make (`apiTable`, decision 0033). Without them, it carries none.
   */
  apiRoutes?: {
    widgetCalls: (type: string, props: unknown) => readonly string[];
    pageCalls: (
      document: Pick<CampaignDocument, 'activity' | 'activityByQuery' | 'share'>,
    ) => readonly string[];
    encode: (names: readonly string[]) => string;
  };
  /** What a widget's node promotes and whether it is the risk notice (checkCompliance). */
  compliance?: ComplianceOf;
  /**
   * Where a floating widget's node sits (WidgetDefinition.floating): the overlap warnings and the
   * page's reserve for docked widgets. Without it, neither.
   */
  floating?: FloatingOf;
  /** The parts a widget's node renders with (WidgetDefinition.parts). */
  widgetParts?: (type: string, props: unknown) => readonly string[];
  /**
   * The generated JSON Schemas, as paths relative to campaigns/ (e.g. "../schemas/campaign.schema.json"),
   * to check each file's `$schema`. Without it, `$schema` is not checked.
   */
  schemaRefs?: { full: string; override: string };
  /** Every .json file under campaigns/ (relative), for did-you-mean on a wrong `extends`. */
  knownFiles?: readonly string[];
  /**
   * The activities (server/activities/) the page's codes, ids and dates are checked against
   * (decision 0014). Without it, they are not checked.
   */
  activities?: Pick<ActivityProject, 'codes' | 'byCode' | 'displayName'>;
}

export interface CompileResult {
  /** Present when the file has no error (warnings allowed). */
  document?: CampaignDocument;
  diagnostics: Diagnostic[];
  /** Every file read, the document and its templates (for watch mode). */
  files: string[];
  /** The activity codes the page uses that have a file in server/activities/. */
  activities?: string[];
}

interface Layer {
  relativePath: string;
  source: JsonSource;
  raw: RawDocument;
}

function templateFile(reference: string): string {
  const clean = reference.replace(/^\.?\//, '');
  return clean.endsWith('.json') ? clean : `${clean}.json`;
}

function missingMessage(
  read: Extract<CampaignRead, { missing: string }>,
  relativePath: string,
  asTemplate: boolean,
): string {
  const what = asTemplate ? `template "${relativePath}"` : 'this file';
  switch (read.missing) {
    case 'broken-link':
      return `${what} is a symbolic link to "${read.detail ?? '?'}", which does not exist: fix the link or delete it`;
    case 'directory':
      return `${what} is a folder, not a JSON file`;
    case 'outside':
      return `${what} is outside campaigns/: templates live in campaigns/_templates/`;
    case 'unreadable':
      return `${what} cannot be read (${read.detail ?? 'error'}): check its permissions`;
    case 'not-found':
      return asTemplate
        ? `template "${relativePath}" does not exist under campaigns/ (write "extends": "_templates/<name>", without .json)`
        : 'file not found: check the path (pages are .json files under campaigns/)';
  }
}

/** `$schema` as the editor needs it from this file's folder, when it is not that already. */
function schemaProblem(
  layer: Layer,
  refs: { full: string; override: string },
): Diagnostic | undefined {
  const value = layer.raw.$schema;
  if (typeof value !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(value)) return undefined;
  // Deep enough that a `../` too many does not stop at the root (where "/.." is "/") and pass.
  const root = `${'/up'.repeat(value.split('/').length + 2)}/campaigns`;
  const folder = posix.join(root, posix.dirname(layer.relativePath));
  const wanted = typeof layer.raw.extends === 'string' ? refs.override : refs.full;
  const wantedAbsolute = posix.join(root, wanted);
  if (posix.join(folder, value) === wantedAbsolute) return undefined;
  const expected = posix.relative(folder, wantedAbsolute);
  const names = (ref: string) => posix.basename(ref);
  const reason =
    posix.basename(value) === names(wanted)
      ? `"${value}" does not lead to schemas/${names(wanted)} from this folder, so editors show no help`
      : typeof layer.raw.extends === 'string'
        ? `a page with "extends" needs ${names(refs.override)} (only what it changes is required)`
        : `a full page (no "extends") needs ${names(refs.full)}`;
  const node = layer.source.nodeAt(['$schema']);
  return {
    file: layer.source.file,
    ...layer.source.locate(['$schema']),
    path: '$schema',
    message: `${reason}: use "${expected}" (npm run validate -- --fix does it)`,
    code: 'schema-path',
    severity: 'warning',
    ...(node
      ? {
          fix: {
            description: `$schema → ${expected}`,
            edits: [{ offset: node.offset, length: node.length, text: JSON.stringify(expected) }],
          },
        }
      : {}),
  };
}

/** Loads a file and its `extends` chain, child first. Reports syntax, version and chain errors. */
function loadChain(
  relativePath: string,
  context: CompileContext,
  diagnostics: Diagnostic[],
): Layer[] {
  const layers: Layer[] = [];
  const seen = new Set<string>();
  let current: string | undefined = relativePath;
  let referencedFrom: Layer | undefined;
  while (current !== undefined) {
    const read = context.readCampaign(current);
    const file = context.displayName(current);
    if ('missing' in read) {
      const at = referencedFrom?.source.locate(['extends']) ?? { line: 1, column: 1 };
      diagnostics.push({
        file: referencedFrom ? referencedFrom.source.file : file,
        ...at,
        path: referencedFrom ? 'extends' : '',
        message:
          missingMessage(read, current, referencedFrom !== undefined) +
          (referencedFrom && read.missing === 'not-found'
            ? didYouMean(
                current.replace(/\.json$/, ''),
                (context.knownFiles ?? []).map((known) => known.replace(/\.json$/, '')),
              )
            : ''),
        code: referencedFrom
          ? 'missing-template'
          : read.missing === 'not-found'
            ? 'not-found'
            : read.missing,
      });
      return [];
    }
    if (seen.has(current)) {
      const at = referencedFrom?.source.locate(['extends']) ?? { line: 1, column: 1 };
      diagnostics.push({
        file: referencedFrom?.source.file ?? file,
        ...at,
        path: 'extends',
        message: `extends cycle: ${[...seen, current].join(' -> ')}: a template must not extend the page`,
        code: 'extends-cycle',
      });
      return [];
    }
    seen.add(current);
    const decoded = decodeCampaignBytes(read.bytes);
    if (!decoded.ok) {
      diagnostics.push({
        file,
        line: decoded.line,
        column: decoded.column,
        path: '',
        message: `not valid UTF-8 (byte ${decoded.byteOffset}): save the file with the encoding "UTF-8" (not GBK/GB2312 or Latin-1)`,
        code: 'encoding',
      });
      return [];
    }
    const source = new JsonSource(file, decoded.text);
    if (decoded.bom && layers.length === 0) {
      diagnostics.push({
        file,
        line: 1,
        column: 1,
        path: '',
        message:
          'the file starts with a byte-order mark (BOM): save it as "UTF-8" without BOM (npm run validate -- --fix does it)',
        code: 'bom',
        severity: 'warning',
        fix: { description: 'remove the byte-order mark', edits: [], dropBom: true },
      });
    }
    const syntax = source.syntaxDiagnostics();
    if (syntax.length > 0) {
      diagnostics.push(...syntax);
      return [];
    }
    const structure = source.structureDiagnostics();
    diagnostics.push(...structure);
    // Too deep to check any further without risking the stack; duplicate keys can go on.
    if (structure.some((d) => d.code === 'too-deep')) return [];
    const value: unknown = JSON.parse(decoded.text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      diagnostics.push({
        file,
        line: 1,
        column: 1,
        path: '',
        message:
          'a campaign document is a JSON object ({ … }); start from a copy of an existing page',
        code: 'json',
      });
      return [];
    }
    let raw: RawDocument;
    try {
      raw = migrateDocument(value as RawDocument);
    } catch (error) {
      if (!(error instanceof MigrationError)) throw error;
      diagnostics.push({
        file,
        ...source.locate(['version']),
        path: 'version',
        message: error.message,
        code: 'version',
      });
      return [];
    }
    const layer: Layer = { relativePath: current, source, raw };
    if (layers.length === 0 && context.schemaRefs) {
      const problem = schemaProblem(layer, context.schemaRefs);
      if (problem) diagnostics.push(problem);
    }
    layers.push(layer);
    referencedFrom = layer;
    current = typeof raw.extends === 'string' ? templateFile(raw.extends) : undefined;
  }
  return layers;
}

function mergeLayers(layers: Layer[]): RawDocument {
  let merged: unknown = {};
  for (const layer of [...layers].reverse()) merged = deepMerge(merged, layer.raw);
  const { $schema: _schema, extends: _extends, ...rest } = merged as RawDocument;
  return rest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The path inside one layer of the value at `path` of the merged document. Lists whose items have
 * ids were merged by id (the `extends` rule), so `body[3]` of the merge may be `body[0]` of the
 * page: follow the id. Stops (returns the prefix found) where the layer does not have the path.
 */
function pathInLayer(merged: unknown, layer: unknown, path: JsonPath): JsonPath {
  const out: JsonPath = [];
  let inMerged = merged;
  let inLayer = layer;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(inMerged) || !Array.isArray(inLayer)) return out;
      const item: unknown = inMerged[segment];
      let index = segment;
      const id = isRecord(item) ? item.id : undefined;
      if (
        typeof id === 'string' &&
        inLayer.length > 0 &&
        inLayer.every((entry) => isRecord(entry) && typeof entry.id === 'string')
      ) {
        // Same place first: a list with a duplicate id (an error of its own) still maps 1:1.
        const same = inLayer[segment] as { id: string } | undefined;
        index =
          same?.id === id
            ? segment
            : inLayer.findIndex((entry) => (entry as { id: string }).id === id);
        if (index < 0) return out;
      } else if (index >= inLayer.length) return out;
      out.push(index);
      inMerged = item;
      inLayer = inLayer[index];
    } else {
      if (!isRecord(inMerged) || !isRecord(inLayer)) return out;
      if (!Object.prototype.hasOwnProperty.call(inLayer, segment)) return out;
      out.push(segment);
      inMerged = inMerged[segment];
      inLayer = inLayer[segment];
    }
  }
  return out;
}

/** Every string `id` written anywhere in a JSON value (nodes, dialogs, list items). */
function idsWritten(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) idsWritten(item, into);
  else if (isRecord(value)) {
    if (typeof value.id === 'string') into.add(value.id);
    for (const item of Object.values(value)) idsWritten(item, into);
  }
  return into;
}

/** A problem found by two checks (the schema's and a value check) is reported once. */
function withoutRepeats(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A `when` the browser needs the evaluator for: one that asks more than the login state. */
const needsEvaluator = (condition: Condition | undefined) =>
  condition !== undefined && loginOnly(condition) === undefined;

function nodesUseConditions(nodes: readonly RenderNode[] | undefined): boolean {
  return (nodes ?? []).some(
    (node) => needsEvaluator(node.when) || nodesUseConditions(node.children),
  );
}

/**
 * Whether the page needs the condition evaluator in the browser (decision 0028): a `when` that
 * asks only the login state is checked without it (src/engine/conditions/login-only.ts); a
 * redirect document loads its cases' evaluator with its target (src/engine/routes/lazy-redirect.ts).
 */
function usesConditions(document: Pick<CampaignDocument, 'body' | 'dialogs' | 'data'>): boolean {
  return (
    nodesUseConditions(document.body) ||
    (document.dialogs ?? []).some((dialog) => nodesUseConditions(dialog.body)) ||
    Object.values(document.data ?? {}).some((source) => needsEvaluator(source.when))
  );
}

/** Every string of a JSON value (the document is depth-checked before this runs). */
function eachString(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const item of value) eachString(item, visit);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) eachString(item, visit);
}

/**
 * The calls a page can make: every catalogue name the document writes (data sources, `api` and
 * `refresh` actions, props that name a call), what its widgets declare for their props, and the
 * engine's own calls for the page. Listing one too many costs a few bytes; one too few, the
 * whole table's fetch at that call.
 */
function apiCallsOf(
  document: Pick<CampaignDocument, 'body' | 'dialogs' | 'activity' | 'activityByQuery' | 'share'>,
  context: CompileContext,
  routes: NonNullable<CompileContext['apiRoutes']>,
): string[] {
  const names = new Set<string>(routes.pageCalls(document));
  eachString(document, (text) => {
    if (context.isKnownApi(text)) names.add(text);
  });
  const visit = (nodes: readonly RenderNode[] | undefined) => {
    for (const node of nodes ?? []) {
      for (const name of routes.widgetCalls(node.type, node.props)) names.add(name);
      visit(node.children);
    }
  };
  visit(document.body);
  for (const dialog of document.dialogs ?? []) visit(dialog.body);
  return [...names].filter((name) => context.isKnownApi(name)).sort();
}

/** The widget parts (`<type>/<part>`) the document's nodes render with, body and dialogs. */
function widgetPartsOf(
  document: Pick<CampaignDocument, 'body' | 'dialogs'>,
  partsOf: NonNullable<CompileContext['widgetParts']>,
): string[] {
  const parts = new Set<string>();
  const visit = (nodes: readonly RenderNode[] | undefined) => {
    for (const node of nodes ?? []) {
      for (const part of partsOf(node.type, node.props)) parts.add(`${node.type}/${part}`);
      visit(node.children);
    }
  };
  visit(document.body);
  for (const dialog of document.dialogs ?? []) visit(dialog.body);
  return [...parts].sort();
}

type ChildFilter = (node: RenderNode) => (RenderNode | undefined)[] | undefined;

function collectWidgetTypes(
  nodes: (RenderNode | undefined)[] | undefined,
  into: Set<string>,
  children: ChildFilter = (node) => node.children,
): void {
  for (const node of nodes ?? []) {
    if (!node) continue;
    into.add(node.type);
    collectWidgetTypes(children(node), into, children);
  }
}

/** Validates one campaign file (with its templates) and returns the browser-ready document. */
export function compileCampaign(
  relativePath: string,
  route: string,
  context: CompileContext,
): CompileResult {
  const loaded: { layers?: Layer[] } = {};
  const result = compileLayers(relativePath, route, context, loaded);
  const [page, template] = loaded.layers ?? [];
  if (!page || !template) return result;
  return blameOverride(result, page, mergeLayers(loaded.layers!.slice(1)), (pageText) => {
    const own = compileCampaign(template.relativePath, route, context).diagnostics;
    if (pageText === undefined) return own;
    const bytes = new TextEncoder().encode(pageText);
    return compileLayers(
      relativePath,
      route,
      {
        ...context,
        readCampaign: (file) => (file === relativePath ? { bytes } : context.readCampaign(file)),
      },
      {},
    ).diagnostics;
  });
}

function compileLayers(
  relativePath: string,
  route: string,
  context: CompileContext,
  loaded: { layers?: Layer[] },
): CompileResult {
  const diagnostics: Diagnostic[] = [];
  const layers = loadChain(relativePath, context, diagnostics);
  loaded.layers = layers;
  const files = layers.map((layer) => layer.relativePath);
  if (layers.length === 0 || diagnostics.some(isError)) return { diagnostics, files };
  // Reported with the rest: the merge drops these nulls, the document checks on.
  diagnostics.push(...nullsWithoutTemplate(layers[layers.length - 1]!));

  const merged = mergeLayers(layers);
  /**
   * Where the operator wrote the value at `path`: the layer (page first, then its templates)
   * that has the most of the path, following ids through merged lists.
   */
  const locate = (path: JsonPath, key?: string) => {
    const wanted = key === undefined ? path : [...path, key];
    let best: { layer: Layer; found: JsonPath } | undefined;
    for (const layer of layers) {
      const found = pathInLayer(merged, layer.raw, wanted);
      if (!best || found.length > best.found.length) best = { layer, found };
      if (found.length === wanted.length) break;
    }
    const { layer, found } = best ?? { layer: layers[0]!, found: [] };
    const source = layer.source;
    // The path as written in that file, when the whole path was found there.
    const written = found.length === wanted.length ? { path: found } : {};
    if (key !== undefined && found.length === wanted.length)
      return { file: source.file, ...source.locate(found.slice(0, -1), key), ...written };
    return { file: source.file, ...source.locate(found), ...written };
  };

  let parsed;
  try {
    parsed = context.schema.safeParse(merged);
  } catch (error) {
    // The nesting limits keep zod's recursion safe; this is the last line of defence.
    if (!(error instanceof RangeError)) throw error;
    diagnostics.push({
      ...locate([]),
      path: '',
      message: 'nested too deeply to check: flatten the document',
      code: 'too-deep',
    });
    return { diagnostics, files };
  }
  const report = (problems: SemanticProblem[]) => {
    for (const problem of problems) {
      const at = locate(problem.path);
      diagnostics.push({
        file: at.file,
        line: at.line,
        column: at.column,
        path: formatPath(at.path ?? problem.path),
        message: problem.message,
        code: problem.code,
        ...(problem.severity ? { severity: problem.severity } : {}),
      });
    }
  };
  if (!parsed.success) {
    diagnostics.push(
      ...issuesToDiagnostics(parsed.error.issues, {
        schema: context.schema,
        data: merged,
        widgetTypes: context.widgetTypes,
        actionTypes,
        locate,
      }),
    );
    report(checkValues(merged, context.publicDir));
    // The cross-references of the parts that passed, in the same pass (issue 34).
    const pruned = pruneInvalid(context.schema, merged, parsed.error.issues);
    if (pruned) {
      const original = (problems: SemanticProblem[]) =>
        problems.map((problem) => ({ ...problem, path: pruned.toOriginal(problem.path) }));
      const document = pruned.data as Omit<CampaignDocument, 'route'>;
      const ownRoute = fileToRoute(relativePath) === null ? null : route;
      const ids = idsWritten(merged);
      report(
        original(
          checkDocumentReferences({ ...document, route: ownRoute }, context, {
            idsLeftOut: { nodes: ids, dialogs: ids },
          }),
        ),
      );
      if (context.activities)
        report(original(checkActivityReferences(document, context.activities).problems));
    }
    return { diagnostics: withoutRepeats(diagnostics), files };
  }
  let output = parsed.data as Omit<
    CampaignDocument,
    'route' | 'widgetTypes' | 'initialWidgetTypes'
  >;
  // A template serves no route: its {{page.route}} links are checked on each page extending it.
  const ownRoute = fileToRoute(relativePath) === null ? null : route;
  report(checkDocumentReferences({ ...output, route: ownRoute }, context));
  if (context.compliance) {
    report(
      checkCompliance(
        output,
        context.compliance,
        (type, props) => context.initialChildren?.(type, props) === undefined,
      ),
    );
  }
  const floating = context.floating
    ? checkFloating(output, ownRoute, context.floating)
    : { problems: [], reserve: 0 };
  report(floating.problems);
  const activities = context.activities
    ? checkActivityReferences(output, context.activities)
    : undefined;
  if (activities) report(activities.problems);
  const used = activities ? { activities: activities.codes } : {};
  if (diagnostics.some(isError)) return { diagnostics, files, ...used };
  const urlProps = context.urlProps ?? (() => []);
  // A URL that binds only the page's own facts is filled in and checked now, like a literal;
  // a template's are, on each page that extends it. A page bound by its query has no activity
  // code before a visitor arrives (`activityByQuery`): its URLs are bound in the browser.
  if (ownRoute !== null && !output.activityByQuery) {
    const filled = fillPageBoundUrls(output, urlProps, pageInfoOf({ ...output, route }));
    report(filled.problems);
    if (diagnostics.some(isError)) return { diagnostics, files, ...used };
    output = filled.document;
  }

  const widgetTypes = new Set<string>();
  collectWidgetTypes(output.body, widgetTypes);
  for (const dialog of output.dialogs ?? []) collectWidgetTypes(dialog.body, widgetTypes);
  const initialWidgetTypes = new Set<string>();
  collectWidgetTypes(output.body, initialWidgetTypes, (node) => {
    const indexes = context.initialChildren?.(node.type, node.props);
    return indexes ? indexes.map((index) => node.children?.[index]) : node.children;
  });
  // Nodes that bind a URL-typed prop, marked so the browser checks them after binding and
  // loads the URL policy only for pages that have some (decision 0028).
  const body = output.body && markBoundUrls(output.body, urlProps);
  const dialogs = output.dialogs?.map((dialog) => ({
    dialog,
    marked: markBoundUrls(dialog.body, urlProps),
  }));
  const bindsUrls = body?.binds === true || dialogs?.some(({ marked }) => marked.binds) === true;
  const apiNames = context.apiRoutes ? apiCallsOf(output, context, context.apiRoutes) : [];
  const widgetParts = context.widgetParts ? widgetPartsOf(output, context.widgetParts) : [];
  return {
    document: {
      ...output,
      ...(body ? { body: body.nodes } : {}),
      ...(dialogs
        ? { dialogs: dialogs.map(({ dialog, marked }) => ({ ...dialog, body: marked.nodes })) }
        : {}),
      route,
      widgetTypes: [...widgetTypes].sort(),
      initialWidgetTypes: [...initialWidgetTypes].sort(),
      ...(bindsUrls ? { bindsUrls: true as const } : {}),
      ...(usesConditions(output) ? { usesConditions: true as const } : {}),
      ...(apiNames.length > 0 && context.apiRoutes
        ? { apiTable: context.apiRoutes.encode(apiNames) }
        : {}),
      ...(widgetParts.length > 0 ? { widgetParts } : {}),
      ...(floating.reserve > 0 ? { floatReserve: floating.reserve } : {}),
    },
    diagnostics,
    files,
    ...used,
  };
}
