import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  getter?: () => z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Unwraps optional/default/nullable/pipe/lazy wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 20; i += 1) {
    const def = defOf(current);
    const next =
      def.innerType ??
      (def.type === 'pipe' ? def.in : undefined) ??
      (def.type === 'lazy' ? def.getter?.() : undefined);
    if (!next) return current;
    current = next;
  }
  return current;
}

function pickOption(def: Def, data: unknown): z.ZodType | undefined {
  const options = def.options ?? [];
  if (def.discriminator && data !== null && typeof data === 'object') {
    const value = (data as Record<string, unknown>)[def.discriminator];
    return options.find((option) => {
      const shape = defOf(unwrap(option)).shape;
      const literal = shape?.[def.discriminator as string];
      const values = literal
        ? (defOf(literal) as unknown as { values?: unknown[] }).values
        : undefined;
      return values?.includes(value) ?? false;
    });
  }
  const objects = options.filter((option) => defOf(unwrap(option)).type === 'object');
  return objects.length === 1 ? objects[0] : undefined;
}

/**
 * The schema that governs the value at `path` inside `data`, or undefined when the path leaves
 * what can be followed. Used for did-you-mean on unknown keys, without branching on any
 * particular widget or action.
 */
export function schemaAt(
  root: z.ZodType,
  path: readonly PropertyKey[],
  data: unknown,
): z.ZodType | undefined {
  let schema: z.ZodType | undefined = root;
  let value = data;
  for (const segment of [...path, undefined]) {
    if (!schema) return undefined;
    schema = unwrap(schema);
    let def = defOf(schema);
    if (def.type === 'union') {
      schema = pickOption(def, value);
      if (!schema) return undefined;
      schema = unwrap(schema);
      def = defOf(schema);
    }
    if (segment === undefined) return schema;
    if (def.type === 'object') schema = def.shape?.[String(segment)];
    else if (def.type === 'array') schema = def.element;
    else if (def.type === 'record') schema = def.valueType;
    else return undefined;
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<string, unknown>)[String(segment)]
        : undefined;
  }
  return schema;
}

/** The property names an object schema allows. */
export function objectKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}
