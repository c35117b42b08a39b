/**
 * Query strings and form bodies carry text only ('5', 'true', one value where a list is wanted).
 * Fastify's ajv used to coerce them (coerceTypes 'array') while validating a JSON Schema, and the
 * handler then validated again with zod. Now zod is the one validator (define-route.ts), so this
 * does the coercion alone, with ajv's rules, guided by the JSON Schema of the call's input: what
 * it cannot coerce it leaves as it is, for zod to refuse.
 */
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The JSON types a schema accepts ('integer' counts as 'number'), with its array items. */
function typesOf(schema: Json): { types: Set<string>; items: Json | null; object: Json | null } {
  const types = new Set<string>();
  let items: Json | null = null;
  let object: Json | null = null;
  const visit = (node: Json) => {
    const declared = Array.isArray(node.type) ? node.type : [node.type];
    for (const type of declared) {
      if (typeof type !== 'string') continue;
      types.add(type === 'integer' ? 'number' : type);
      if (type === 'array' && isRecord(node.items)) items ??= node.items;
      if (type === 'object') object ??= node;
    }
    for (const branch of [node.anyOf, node.oneOf].flat()) if (isRecord(branch)) visit(branch);
  };
  visit(schema);
  return { types, items, object };
}

function scalar(value: unknown, types: Set<string>): unknown {
  const kind = kindOf(value);
  if (types.has(kind) || types.size === 0) return value;
  if (types.has('number')) {
    if (kind === 'string' && (value as string).trim() !== '') {
      const number = Number(value);
      if (Number.isFinite(number)) return number;
    }
    if (kind === 'boolean') return value ? 1 : 0;
    if (kind === 'null') return 0;
  }
  if (types.has('boolean')) {
    if (value === 'true' || value === 1) return true;
    if (value === 'false' || value === 0 || value === null) return false;
  }
  if (types.has('string')) {
    if (kind === 'number' || kind === 'boolean') return String(value);
    if (kind === 'null') return '';
  }
  if (types.has('null') && (value === '' || value === 0 || value === false)) return null;
  return value;
}

/** `value` coerced toward `schema` (a draft-07 JSON Schema from z.toJSONSchema). */
export function coerceToSchema(value: unknown, schema: Json): unknown {
  if (value === undefined) return value;
  const { types, items, object } = typesOf(schema);
  let current = value;
  // ajv's 'array' mode: one value where a list is wanted, and a one-item list where one is.
  if (types.has('array') && !Array.isArray(current)) current = [current];
  if (!types.has('array') && Array.isArray(current) && current.length === 1) current = current[0];
  if (Array.isArray(current)) {
    return items ? current.map((item: unknown) => coerceToSchema(item, items)) : current;
  }
  if (isRecord(current)) {
    const properties = object && isRecord(object.properties) ? object.properties : null;
    if (!properties) return current;
    const out: Json = { ...current };
    for (const [key, property] of Object.entries(properties)) {
      if (key in out && isRecord(property)) out[key] = coerceToSchema(out[key], property);
    }
    return out;
  }
  return scalar(current, types);
}
