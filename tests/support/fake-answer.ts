/**
 * A value that satisfies a contract's output schema (src/contracts), made from the schema itself
 * so a test's fake answers cannot drift from what the server must answer: every field present
 * (optional ones too), one entry per list, the first option of a choice, and for a string or a
 * number the first of a few plain candidates its own checks accept (a regex, a minimum, a date).
 * The caller checks the result with the schema (`fakeAnswer` throws when no candidate passes).
 */
import type { z } from 'zod';

/** The parts of zod's definition this walk reads (zod v4 `schema._zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  innerType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  in?: z.ZodType;
  items?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const STRINGS = [
  'x1',
  '13800138000',
  'https://example.com/a.png',
  '2026-05-01T10:00:00+08:00',
  '2026-05-01',
  'abcd1234',
  '',
];
const NUMBERS = [1, 0, 2, 10, 100, 1_000, 1_700_000_000_000, -1, 0.5];

function firstAccepted(schema: z.ZodType, candidates: readonly unknown[], path: string): unknown {
  const value = candidates.find((candidate) => schema.safeParse(candidate).success);
  if (value === undefined) throw new Error(`fakeAnswer: no plain value fits ${path}`);
  return value;
}

/** A value `schema` accepts; `path` names the place in errors. */
export function fakeAnswer(schema: z.ZodType, path = 'answer'): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, field]) => [
          key,
          fakeAnswer(field, `${path}.${key}`),
        ]),
      );
    case 'array':
      return def.element ? [fakeAnswer(def.element, `${path}[0]`)] : [];
    case 'tuple':
      return (def.items ?? []).map((item, index) => fakeAnswer(item, `${path}[${index}]`));
    case 'record':
      return {};
    case 'union':
      return def.options?.[0] ? fakeAnswer(def.options[0], path) : null;
    case 'intersection':
      return {
        ...(fakeAnswer(def.left as z.ZodType, path) as object),
        ...(fakeAnswer(def.right as z.ZodType, path) as object),
      };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fakeAnswer(def.innerType as z.ZodType, path);
    case 'lazy':
      return fakeAnswer((def.getter as () => z.ZodType)(), path);
    case 'pipe':
      return fakeAnswer(def.in as z.ZodType, path);
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'string':
      return firstAccepted(schema, STRINGS, path);
    case 'number':
    case 'int':
      return firstAccepted(schema, NUMBERS, path);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return null;
    default:
      throw new Error(`fakeAnswer: ${path} is a ${def.type}; teach fakeAnswer that kind`);
  }
}
