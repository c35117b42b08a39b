import type { z } from 'zod';
import { actionTypes } from '../engine/actions/action-schema';
import { deepMerge } from '../engine/document/deep-merge';
import { MigrationError, migrateDocument, type RawDocument } from '../engine/document/migrations';
import type { CampaignDocument, RenderNode } from '../engine/document/types';
import type { Diagnostic, JsonPath } from './diagnostic';
import { formatPath } from './diagnostic';
import { issuesToDiagnostics } from './issues-to-diagnostics';
import { JsonSource } from './json-source';
import { checkDocumentReferences, type SemanticContext } from './semantic-checks';

export interface CompileContext extends SemanticContext {
  /** Reads a file relative to campaigns/, or undefined when it does not exist. */
  readCampaign: (relativePath: string) => string | undefined;
  /** How a file is named in messages (e.g. "campaigns/luckDraw.json"). */
  displayName: (relativePath: string) => string;
  schema: z.ZodType;
  widgetTypes: readonly string[];
  /** The children a widget mounts at first, when not all (WidgetDefinition.initialChildren). */
  initialChildren?: (type: string, props: unknown) => readonly number[] | undefined;
}

export interface CompileResult {
  document?: CampaignDocument;
  diagnostics: Diagnostic[];
  /** Every file read, the document and its templates (for watch mode). */
  files: string[];
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
    const text = context.readCampaign(current);
    const file = context.displayName(current);
    if (text === undefined) {
      const at = referencedFrom?.source.locate(['extends']) ?? { line: 1, column: 1 };
      diagnostics.push({
        file: referencedFrom ? referencedFrom.source.file : file,
        ...at,
        path: 'extends',
        message: `template "${current}" does not exist under campaigns/`,
        code: 'missing-template',
      });
      return [];
    }
    if (seen.has(current)) {
      const at = referencedFrom?.source.locate(['extends']) ?? { line: 1, column: 1 };
      diagnostics.push({
        file: referencedFrom?.source.file ?? file,
        ...at,
        path: 'extends',
        message: `extends cycle: ${[...seen, current].join(' -> ')}`,
        code: 'extends-cycle',
      });
      return [];
    }
    seen.add(current);
    const source = new JsonSource(file, text);
    const syntax = source.syntaxDiagnostics();
    if (syntax.length > 0) {
      diagnostics.push(...syntax);
      return [];
    }
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      diagnostics.push({
        file,
        line: 1,
        column: 1,
        path: '',
        message: 'a campaign document is a JSON object',
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
  const diagnostics: Diagnostic[] = [];
  const layers = loadChain(relativePath, context, diagnostics);
  const files = layers.map((layer) => layer.relativePath);
  if (layers.length === 0 || diagnostics.length > 0) return { diagnostics, files };

  const merged = mergeLayers(layers);
  const locate = (path: JsonPath, key?: string) => {
    const owner =
      layers.find((layer) => layer.source.has(key === undefined ? path : [...path, key])) ??
      layers[0];
    const source = (owner ?? layers[0])!.source;
    return { file: source.file, ...source.locate(path, key) };
  };

  const parsed = context.schema.safeParse(merged);
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
    return { diagnostics, files };
  }
  const output = parsed.data as Omit<
    CampaignDocument,
    'route' | 'widgetTypes' | 'initialWidgetTypes'
  >;
  for (const problem of checkDocumentReferences(output, context)) {
    diagnostics.push({
      ...locate(problem.path),
      path: formatPath(problem.path),
      message: problem.message,
      code: problem.code,
    });
  }
  if (diagnostics.length > 0) return { diagnostics, files };

  const widgetTypes = new Set<string>();
  collectWidgetTypes(output.body, widgetTypes);
  for (const dialog of output.dialogs ?? []) collectWidgetTypes(dialog.body, widgetTypes);
  const initialWidgetTypes = new Set<string>();
  collectWidgetTypes(output.body, initialWidgetTypes, (node) => {
    const indexes = context.initialChildren?.(node.type, node.props);
    return indexes ? indexes.map((index) => node.children?.[index]) : node.children;
  });
  return {
    document: {
      ...output,
      route,
      widgetTypes: [...widgetTypes].sort(),
      initialWidgetTypes: [...initialWidgetTypes].sort(),
    },
    diagnostics,
    files,
  };
}
