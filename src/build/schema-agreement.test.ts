import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import { fileToRoute } from '../contracts/site/route-table';
import { describe, expect, it } from 'vitest';
import { compileActivityBytes } from './activity-project';
import { openProject } from './campaign-context';
import { compileCampaign } from './compile-campaign';
import { isError, type Diagnostic } from './diagnostic';
import { projectGeneratedFiles } from './project-artifacts';

/**
 * Issue 11 "done when": the generated JSON Schemas (what editors use) and the validator agree on
 * every document a schema can judge. Each valid document of the project, and mutants of them
 * (wrong types, unknown props, missing required, bad enum values, bad actions, unknown widgets),
 * go through ajv (draft 2020-12, with the schema the document's `$schema` names) and through the
 * validator; both must accept or both refuse.
 *
 * A schema cannot judge references between parts (a dialog id, an activity's prize ids), dates
 * that do not exist or bindings: a mutant the validator refuses only for those reasons is not
 * counted (and each kind of mutant must still be judged many times).
 */

type Json = Record<string, unknown>;
type Path = (string | number)[];

const SCHEMA_CODES = new Set([
  'schema',
  'unknown-property',
  'unknown-widget',
  'unknown-action',
  'version',
]);

const project = openProject();
const files = projectGeneratedFiles(project);
const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: false });
const schemaOf = (name: string): Json =>
  JSON.parse(files.get(`schemas/${name}.schema.json`) ?? '{}') as Json;
const fullSchema = schemaOf('campaign');
const validators = new Map<string, ValidateFunction>(
  ['campaign', 'campaign-override', 'activity'].map((name) => [name, ajv.compile(schemaOf(name))]),
);

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const clone = <T>(value: T): T => structuredClone(value);

function at(doc: unknown, path: Path): unknown {
  let current = doc;
  for (const segment of path) current = (current as Record<string | number, unknown>)[segment];
  return current;
}

/** A copy of `doc` with `change` applied to the object at `path`. */
function mutate(doc: Json, path: Path, change: (target: Json) => void): Json {
  const copy = clone(doc);
  change(at(copy, path) as Json);
  return copy;
}

interface Mutant {
  kind: string;
  label: string;
  doc: Json;
}

const defs = fullSchema.$defs as Record<string, Json>;
const branchesOf = (union: Json | undefined) =>
  new Map(
    ((union?.oneOf ?? []) as Json[]).map((branch) => [
      ((branch.properties as Json).type as Json).const as string,
      branch,
    ]),
  );
const widgetBranches = branchesOf(defs.Node);
const actionBranches = branchesOf(
  Object.values(defs).find((def) => JSON.stringify(def).includes('"const":"setState"')),
);

/** Mutants of one node's props, from its widget's schema. */
function propMutants(doc: Json, path: Path, node: Json): Mutant[] {
  const out: Mutant[] = [];
  const where = path.join('.');
  const type = String(node.type);
  out.push({
    kind: 'unknown widget',
    label: `${where}.type`,
    doc: mutate(doc, path, (n) => (n.type = `${type}x`)),
  });
  const propsSchema = ((widgetBranches.get(type)?.properties as Json | undefined)?.props ??
    {}) as Json;
  const properties = (propsSchema.properties ?? {}) as Record<string, Json>;
  out.push({
    kind: 'unknown prop',
    label: `${where}.props.colr`,
    doc: mutate(doc, [...path, 'props'], (props) => (props.colr = 'red')),
  });
  for (const key of (propsSchema.required ?? []) as string[])
    out.push({
      kind: 'missing required',
      label: `${where}.props.${key}`,
      doc: mutate(doc, [...path, 'props'], (props) => delete props[key]),
    });
  const props = isRecord(node.props) ? node.props : {};
  for (const [key, value] of Object.entries(props)) {
    const wrong =
      typeof value === 'string'
        ? 12345
        : typeof value === 'boolean'
          ? String(value)
          : typeof value === 'number'
            ? String(value)
            : Array.isArray(value)
              ? 'a list'
              : undefined;
    if (wrong !== undefined)
      out.push({
        kind: 'wrong type',
        label: `${where}.props.${key}`,
        doc: mutate(doc, [...path, 'props'], (p) => (p[key] = wrong)),
      });
  }
  for (const [key, property] of Object.entries(properties))
    if (Array.isArray(property.enum))
      out.push({
        kind: 'bad enum',
        label: `${where}.props.${key}`,
        doc: mutate(doc, [...path, 'props'], (p) => (p[key] = 'no-such-value')),
      });
  return out;
}

/** Mutants of one action, from its type's schema. */
function actionMutants(doc: Json, path: Path, action: Json): Mutant[] {
  const where = path.join('.');
  const branch = actionBranches.get(String(action.type));
  const required = ((branch?.required ?? []) as string[]).filter((key) => key !== 'type');
  return [
    {
      kind: 'bad action',
      label: `${where}.type`,
      doc: mutate(doc, path, (a) => (a.type = 'no-such-action')),
    },
    {
      kind: 'bad action',
      label: `${where}.extra`,
      doc: mutate(doc, path, (a) => (a.extra = true)),
    },
    ...required.map((key) => ({
      kind: 'bad action',
      label: `${where}.${key} missing`,
      doc: mutate(doc, path, (a) => delete a[key]),
    })),
  ];
}

/** Every node and action of a document, with their paths. */
function walk(
  doc: Json,
  visitNode: (path: Path, node: Json) => void,
  visitAction: (path: Path, action: Json) => void,
) {
  const actions = (list: unknown, path: Path) => {
    if (!Array.isArray(list)) return;
    list.forEach((action, index) => {
      if (!isRecord(action)) return;
      visitAction([...path, index], action);
      for (const branch of ['onSuccess', 'onError', 'onConfirm', 'onCancel'])
        actions(action[branch], [...path, index, branch]);
    });
  };
  const nodes = (list: unknown, path: Path) => {
    if (!Array.isArray(list)) return;
    list.forEach((node, index) => {
      if (!isRecord(node)) return;
      const here = [...path, index];
      if (typeof node.type === 'string') visitNode(here, node);
      if (isRecord(node.on))
        for (const [event, list2] of Object.entries(node.on))
          actions(list2, [...here, 'on', event]);
      nodes(node.children, [...here, 'children']);
    });
  };
  nodes(doc.body, ['body']);
  (Array.isArray(doc.dialogs) ? doc.dialogs : []).forEach((dialog, index) =>
    nodes((dialog as Json).body, ['dialogs', index, 'body']),
  );
  actions(doc.onLoad, ['onLoad']);
}

function documentMutants(doc: Json): Mutant[] {
  const out: Mutant[] = [
    { kind: 'unknown prop', label: 'colour', doc: { ...clone(doc), colour: 'red' } },
    { kind: 'wrong type', label: 'version', doc: { ...clone(doc), version: '2' } },
  ];
  if (typeof doc.extends !== 'string') {
    const { title: _title, ...rest } = clone(doc);
    out.push({ kind: 'missing required', label: 'title', doc: rest });
  }
  walk(
    doc,
    (path, node) => out.push(...propMutants(doc, path, node)),
    (path, action) => out.push(...actionMutants(doc, path, action)),
  );
  return out;
}

/** A page of the project compiled with other bytes in place of its own. */
function validatorVerdict(relativePath: string, doc: Json): Diagnostic[] {
  const bytes = new TextEncoder().encode(JSON.stringify(doc, null, 2));
  const context = {
    ...project.context,
    readCampaign: (path: string) =>
      path === relativePath ? { bytes } : project.context.readCampaign(path),
  };
  // The route the project gives the file (links under a template's {{page.route}} are checked
  // against it).
  const route = fileToRoute(relativePath) ?? `/_template/${relativePath}`;
  return compileCampaign(relativePath, route, context).diagnostics.filter(isError);
}

function schemaVerdict(doc: Json): boolean {
  const name = typeof doc.extends === 'string' ? 'campaign-override' : 'campaign';
  return validators.get(name)?.(doc) ?? false;
}

interface Disagreement {
  file: string;
  label: string;
  schema: boolean;
  validator: string[];
}

describe('the JSON Schema and the validator agree', () => {
  const pages = project.files.map((file) => {
    const path = join(project.campaignsDir, file.relativePath);
    return { relativePath: file.relativePath, doc: JSON.parse(readFileSync(path, 'utf8')) as Json };
  });

  it('on every document of campaigns/: both accept', () => {
    expect(pages.length).toBeGreaterThan(10);
    for (const { relativePath, doc } of pages) {
      expect(schemaVerdict(doc), relativePath).toBe(true);
      expect(validatorVerdict(relativePath, doc), relativePath).toEqual([]);
    }
  });

  it('on mutants of them: wrong types, unknown props, missing required, bad enums, bad actions, unknown widgets', () => {
    const disagreements: Disagreement[] = [];
    const judged = new Map<string, number>();
    for (const { relativePath, doc } of pages) {
      for (const mutant of documentMutants(doc)) {
        const errors = validatorVerdict(relativePath, mutant.doc);
        // Refused only for what a schema cannot see (references, dates, bindings): not judged.
        if (errors.length > 0 && !errors.some((e) => SCHEMA_CODES.has(e.code))) continue;
        judged.set(mutant.kind, (judged.get(mutant.kind) ?? 0) + 1);
        const schema = schemaVerdict(mutant.doc);
        if (schema !== (errors.length === 0))
          disagreements.push({
            file: relativePath,
            label: `${mutant.kind}: ${mutant.label}`,
            schema,
            validator: errors.map((e) => `${e.path} ${e.message}`),
          });
      }
    }
    expect(disagreements).toEqual([]);
    for (const kind of [
      'wrong type',
      'unknown prop',
      'missing required',
      'bad enum',
      'bad action',
      'unknown widget',
    ])
      expect(judged.get(kind) ?? 0, kind).toBeGreaterThan(5);
  });

  it('on override mutants: a template block with a wrong setting, null on a required one, an incomplete new block', () => {
    const season = pages.find((page) => page.relativePath === 'tongchengFeb.json');
    expect(season).toBeDefined();
    const base = season?.doc ?? {};
    const variants: [string, Json][] = [
      [
        'null removes a setting',
        { ...base, share: null, body: [{ id: 'claim', props: { color: null } }] },
      ],
      ['setting of another widget', { ...base, body: [{ id: 'claim', props: { images: [] } }] }],
      ['wrong type', { ...base, body: [{ id: 'claim', props: { disabled: 'yes' } }] }],
      ['null on a required setting', { ...base, body: [{ id: 'claim', props: { label: null } }] }],
      ['incomplete new block', { ...base, body: [{ id: 'more', type: 'button', props: {} }] }],
      [
        'complete new block',
        { ...base, body: [{ id: 'more', type: 'button', props: { label: 'x' } }] },
      ],
      ['new block without type', { ...base, body: [{ id: 'more', props: { label: 'x' } }] }],
      [
        'unknown action in a template block',
        { ...base, body: [{ id: 'claim', on: { click: [{ type: 'toasty' }] } }] },
      ],
    ];
    const verdicts = variants.map(([label, doc]) => ({
      label,
      schema: schemaVerdict(doc),
      validator: validatorVerdict('tongchengFeb.json', doc).length === 0,
    }));
    expect(verdicts.filter((v) => v.schema !== v.validator)).toEqual([]);
    expect(verdicts.map((v) => v.schema)).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it('on activity files and their mutants (wrong type, unknown key, missing required, bad enum)', () => {
    const validate = validators.get('activity');
    const dir = project.activities?.dir ?? '';
    const disagreements: string[] = [];
    let judged = 0;
    for (const name of project.activities?.files ?? []) {
      const doc = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Json;
      const mutants: [string, Json][] = [
        ['valid', doc],
        ['wrong type', { ...doc, id: String(doc.id) }],
        ['unknown key', { ...doc, titel: 'x' }],
        ['missing required', mutate(doc, [], (d) => delete d.window)],
        [
          'bad enum',
          {
            ...doc,
            tasks: [{ taskId: 't', title: 't', period: 'monthly', kind: 'visit', reward: {} }],
          },
        ],
        [
          'window without offset',
          { ...doc, window: { start: '2026-01-01T00:00:00', end: '2030-01-01T00:00:00+08:00' } },
        ],
      ];
      for (const [label, mutant] of mutants) {
        const bytes = new TextEncoder().encode(JSON.stringify(mutant, null, 2));
        const errors = compileActivityBytes(name, name, bytes).diagnostics.filter(isError);
        if (errors.length > 0 && !errors.some((e) => SCHEMA_CODES.has(e.code))) continue;
        judged += 1;
        if ((validate?.(mutant) ?? false) !== (errors.length === 0))
          disagreements.push(`${name}: ${label}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(judged).toBeGreaterThan(20);
  });
});
