/**
 * The JSON Schema of a document that `extends` another (schemas/campaign-override.schema.json),
 * built from the full schema so editors help with what the merge rule (decision 0002,
 * src/engine/document/deep-merge.ts) makes of an override:
 *
 * - objects merge key by key: every setting is optional, and `null` removes one, except a
 *   setting the widget requires (removing it would break the merged page);
 * - lists whose items all have an `id` (blocks, dialogs) merge by id; any other list replaces the
 *   template's, so its items are complete (a prize list, a list of actions);
 * - for a template the generator knows (files in `_templates/` and every file a page extends), an
 *   `if` on `extends` applies that template's blocks: a block with a template id is offered
 *   exactly that block's widget settings; a block with a new id must be a complete block.
 *
 * Plain JSON Schema 2020-12 (`if`/`then`, `anyOf` of constants with descriptions), which both
 * ajv and the JSON language service of VS Code understand.
 */

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A block of a template: what an override may name by id. */
export interface TemplateNode {
  type: string;
  id?: string | undefined;
  children?: (TemplateNode | undefined)[] | undefined;
}

/** A file other documents extend, as compiled (its own templates resolved). */
export interface TemplateShape {
  /** Relative to campaigns/, without .json (what `extends` names). */
  name: string;
  body?: TemplateNode[] | undefined;
  dialogs?: { id: string; body: TemplateNode[] }[] | undefined;
}

const NULL = { type: 'null' };
const NODE_REF = '#/$defs/Node';
const OVERRIDE_NODE_REF = '#/$defs/OverrideNode';
const partialNodeRef = (type: string) => `#/$defs/OverrideNode-${type}`;

/** `schema` or null (removes the setting in the merge). */
function orNull(schema: unknown): Json {
  if (!isRecord(schema)) return { anyOf: [schema, NULL] };
  const { description, default: _default, ...rest } = schema;
  return {
    ...(typeof description === 'string' ? { description } : {}),
    anyOf: [rest, NULL],
  };
}

/**
 * What an override may write where the full schema says `schema`: objects become partial (key
 * by key merge), lists stay complete (they replace), unions are partial per branch.
 */
export function partialValue(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const { oneOf, anyOf, discriminator: _discriminator, ...rest } = schema;
    const branches = (anyOf ?? oneOf) as unknown[];
    return { ...rest, anyOf: branches.map(partialValue) };
  }
  // A record (`data` sources by name): each entry merges key by key with the template's.
  if (
    schema.type === 'object' &&
    !isRecord(schema.properties) &&
    isRecord(schema.additionalProperties)
  ) {
    return { ...schema, additionalProperties: partialValue(schema.additionalProperties) };
  }
  if (schema.type === 'object' && isRecord(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const { required: _required, ...rest } = schema;
    return {
      ...rest,
      properties: Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => {
          const partial = partialValue(value);
          return [key, required.has(key) ? partial : orNull(partial)];
        }),
      ),
    };
  }
  return schema;
}

/** `{ anyOf: [{ const, description }…] }`: every value offered with what it means. */
export function choices(values: { value: string; description?: string }[], open = false): Json {
  return {
    anyOf: [
      ...values.map(({ value, description }) => ({
        const: value,
        ...(description ? { description } : {}),
      })),
      ...(open ? [{ type: 'string' }] : []),
    ],
  };
}

interface NodeBranch {
  type: string;
  description: string;
  branch: Json;
}

function nodeBranches(full: Json): NodeBranch[] {
  const defs = isRecord(full.$defs) ? full.$defs : {};
  const node = isRecord(defs.Node) ? defs.Node : {};
  const oneOf = Array.isArray(node.oneOf) ? node.oneOf.filter(isRecord) : [];
  return oneOf.flatMap((branch) => {
    const properties = isRecord(branch.properties) ? branch.properties : {};
    const type = isRecord(properties.type) ? properties.type.const : undefined;
    if (typeof type !== 'string') return [];
    const description = typeof branch.description === 'string' ? branch.description : '';
    return [{ type, description, branch }];
  });
}

/**
 * One widget's block in an override: its own settings, all optional; `children` items given by
 * the caller (generic override blocks, or the template's children by id).
 */
function partialNode(node: NodeBranch, childItems: Json | undefined, idSchema: unknown): Json {
  const properties = isRecord(node.branch.properties) ? node.branch.properties : {};
  const out: Json = {};
  for (const [key, value] of Object.entries(properties)) {
    if (key === 'type') out.type = { const: node.type, description: node.description };
    else if (key === 'id') out.id = idSchema ?? value;
    else if (key === 'children') {
      if (childItems) out.children = { type: 'array', items: childItems };
    } else if (key === 'props') out.props = partialValue(value);
    else out[key] = orNull(partialValue(value));
  }
  return {
    type: 'object',
    description: node.description,
    properties: out,
    additionalProperties: false,
  };
}

const nodeIdSchema = (full: Json): unknown => {
  const [first] = nodeBranches(full);
  const properties = first && isRecord(first.branch.properties) ? first.branch.properties : {};
  return properties.id ?? { type: 'string' };
};

/**
 * Items of an override's block list merged into `template` (a template's body or children):
 * a known id gets that block's settings, a new id a complete block. A template list that is not
 * all ids is replaced by the override's, so its items must be complete blocks.
 */
function templateNodeItems(
  template: (TemplateNode | undefined)[],
  widgets: ReadonlyMap<string, NodeBranch>,
  idSchema: unknown,
): Json {
  const nodes = template.filter((node): node is TemplateNode => node !== undefined);
  const withIds = nodes.filter(
    (node): node is TemplateNode & { id: string } => typeof node.id === 'string',
  );
  if (withIds.length === 0 || withIds.length !== template.length) return { $ref: NODE_REF };
  const known = withIds.flatMap((node) => {
    const widget = widgets.get(node.type);
    return widget ? [{ node, widget }] : [];
  });
  return {
    type: 'object',
    properties: {
      id: {
        ...(isRecord(idSchema) ? idSchema : {}),
        ...choices(
          known.map(({ node, widget }) => ({
            value: node.id,
            description: `${widget.type} in the template: ${widget.description}`,
          })),
          true,
        ),
      },
    },
    if: { required: ['id'], properties: { id: { enum: known.map(({ node }) => node.id) } } },
    then: {
      allOf: known.map(({ node, widget }) => ({
        if: { properties: { id: { const: node.id } } },
        // The widget's override settings, with this template block's own children by id.
        then: {
          $ref: partialNodeRef(widget.type),
          ...(node.children
            ? {
                properties: {
                  children: { items: templateNodeItems(node.children, widgets, idSchema) },
                },
              }
            : {}),
        },
      })),
    },
    // A block the template does not have is added as written: it must be complete.
    else: { $ref: NODE_REF },
  };
}

/** The `then` of `if extends = <template>`: the template's blocks and dialogs by id. */
function templateLayer(
  template: TemplateShape,
  widgets: ReadonlyMap<string, NodeBranch>,
  idSchema: unknown,
  fullDialog: unknown,
): Json {
  const properties: Json = {};
  if (template.body)
    properties.body = { items: templateNodeItems(template.body, widgets, idSchema) };
  const dialogs = template.dialogs ?? [];
  if (dialogs.length > 0) {
    properties.dialogs = {
      items: {
        properties: {
          id: choices(
            dialogs.map((dialog) => ({ value: dialog.id })),
            true,
          ),
        },
        if: {
          required: ['id'],
          properties: { id: { enum: dialogs.map((dialog) => dialog.id) } },
        },
        then: {
          allOf: dialogs.map((dialog) => ({
            if: { properties: { id: { const: dialog.id } } },
            then: {
              properties: {
                body: { items: templateNodeItems(dialog.body, widgets, idSchema) },
              },
            },
          })),
        },
        else: fullDialog,
      },
    };
  }
  return { properties };
}

/** The override schema for documents with `extends`, from the full schema and the known templates. */
export function buildOverrideSchema(full: Json, templates: readonly TemplateShape[] = []): Json {
  const branches = nodeBranches(full);
  const widgets = new Map(branches.map((branch) => [branch.type, branch]));
  const idSchema = nodeIdSchema(full);
  const fullProperties = isRecord(full.properties) ? full.properties : {};
  const required = new Set(Array.isArray(full.required) ? (full.required as string[]) : []);
  const defs: Json = { ...(isRecord(full.$defs) ? full.$defs : {}) };

  // A block of an override whose template is unknown: with a type, that widget's settings.
  for (const branch of branches)
    defs[`OverrideNode-${branch.type}`] = partialNode(
      branch,
      { $ref: OVERRIDE_NODE_REF },
      idSchema,
    );
  defs.OverrideNode = {
    type: 'object',
    description:
      'A block of the template (same id: merged, setting by setting) or a new block (new id: added at the end; needs its type).',
    properties: {
      type: {
        description: 'The widget of a new block (a block of the template keeps its own).',
        ...choices(branches.map(({ type, description }) => ({ value: type, description }))),
      },
      id: idSchema,
      props: { type: 'object', description: "The block's settings, merged into the template's." },
      when: orNull({ $ref: '#/$defs/__schema0' }),
      on: { type: 'object' },
      children: { type: 'array', items: { $ref: OVERRIDE_NODE_REF } },
    },
    additionalProperties: false,
    allOf: branches.map(({ type }) => ({
      if: { required: ['type'], properties: { type: { const: type } } },
      then: { $ref: partialNodeRef(type) },
    })),
  };

  const blockList = (description: unknown): Json => ({
    ...(typeof description === 'string' ? { description } : {}),
    type: 'array',
    items: { $ref: OVERRIDE_NODE_REF },
    // One block without an id and the whole list replaces the template's (the merge rule).
    if: { contains: { not: { required: ['id'] } } },
    then: { items: { $ref: NODE_REF } },
  });
  const fullDialogs = isRecord(fullProperties.dialogs) ? fullProperties.dialogs : {};
  const fullDialog = isRecord(fullDialogs.items) ? fullDialogs.items : {};
  const dialogProperties = isRecord(fullDialog.properties) ? fullDialog.properties : {};
  const overrideDialog = {
    type: 'object',
    properties: {
      ...Object.fromEntries(
        Object.entries(dialogProperties).map(([key, value]) => [
          key,
          key === 'id' ? value : key === 'body' ? blockList(undefined) : orNull(value),
        ]),
      ),
    },
    required: ['id'],
    additionalProperties: false,
  };

  const properties: Json = {};
  for (const [key, value] of Object.entries(fullProperties)) {
    if (key === 'body')
      properties.body = orNull(blockList(isRecord(value) ? value.description : undefined));
    else if (key === 'dialogs')
      properties.dialogs = orNull({
        ...(isRecord(value) && typeof value.description === 'string'
          ? { description: value.description }
          : {}),
        type: 'array',
        items: overrideDialog,
      });
    else if (key === 'extends')
      properties.extends = {
        ...(isRecord(value) ? value : {}),
        ...(templates.length > 0 ? { examples: templates.map((template) => template.name) } : {}),
      };
    else {
      const partial = partialValue(value);
      properties[key] = required.has(key) || key === '$schema' ? partial : orNull(partial);
    }
  }

  return {
    $schema: full.$schema,
    $id: 'https://campaign-engine.local/schemas/campaign-override.schema.json',
    title: 'Campaign document that extends a template',
    description: full.description,
    type: 'object',
    properties,
    // Each file is migrated on its own (version), and this schema is for files that extend.
    required: ['version', 'extends'],
    additionalProperties: false,
    ...(templates.length > 0
      ? {
          allOf: templates.map((template) => ({
            if: {
              required: ['extends'],
              properties: { extends: { enum: [template.name, `${template.name}.json`] } },
            },
            then: templateLayer(template, widgets, idSchema, fullDialog),
          })),
        }
      : {}),
    $defs: defs,
  };
}
