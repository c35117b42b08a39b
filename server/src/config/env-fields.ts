import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../paths';

/**
 * The kinds of environment variable env-schema.ts declares: each builder returns how the raw
 * text becomes a value (a zod schema, defaults applied) and what the docs table shows of it.
 */

/** A start refused for its configuration; the message names every bad variable. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** What the table shows of a variable. */
export interface EnvVarDoc {
  type: string;
  /** The default as shown in docs/server.md; undefined: unset means "off" or "not used". */
  default: string | undefined;
  /** The only values accepted, when the variable is an enumeration. */
  allowed?: readonly string[];
  description: string;
  /** The table's section heading. */
  section: string;
  /** Never echoed in an error message (tokens, keys, URLs that may hold a password). */
  secret?: boolean;
}

/** One declared variable: how its raw text becomes a value, and what the docs say of it. */
export interface EnvVar<Out> {
  schema: z.ZodType<Out>;
  doc: EnvVarDoc;
}

type Doc = Pick<EnvVarDoc, 'description' | 'section' | 'secret'>;

function docOf(o: Doc, type: string, shown: string | undefined, allowed?: readonly string[]) {
  const doc: EnvVarDoc = { type, default: shown, description: o.description, section: o.section };
  return { ...doc, ...(allowed ? { allowed } : {}), ...(o.secret ? { secret: true } : {}) };
}

interface IntegerOptions extends Doc {
  min: number;
  max?: number;
}

export function integer(o: IntegerOptions & { default: number }): EnvVar<number>;
export function integer(o: IntegerOptions): EnvVar<number | undefined>;
export function integer(o: IntegerOptions & { default?: number }): EnvVar<number | undefined> {
  let n = z.coerce.number().int().min(o.min);
  if (o.max !== undefined) n = n.max(o.max);
  const range = o.max === undefined ? `integer ≥ ${o.min}` : `integer ${o.min}–${o.max}`;
  const doc = docOf(o, range, o.default?.toString());
  return o.default === undefined
    ? { schema: n.optional(), doc }
    : { schema: n.default(o.default), doc };
}

export function positiveNumber(o: Doc & { default: number }) {
  return {
    schema: z.coerce.number().positive().default(o.default),
    doc: docOf(o, 'number > 0', String(o.default)),
  };
}

interface TextOptions extends Doc {
  minLength?: number;
}

export function text(o: TextOptions & { default: string }): EnvVar<string>;
export function text(o: TextOptions): EnvVar<string | undefined>;
export function text(o: TextOptions & { default?: string }): EnvVar<string | undefined> {
  const s = z.string().min(o.minLength ?? 1);
  const type = o.minLength ? `string, ≥ ${o.minLength} characters` : 'string';
  return o.default === undefined
    ? { schema: s.optional(), doc: docOf(o, type, undefined) }
    : { schema: s.default(o.default), doc: docOf(o, type, o.default) };
}

export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  o: Doc & { default: T[number] },
) {
  return {
    schema: z.enum(values).default(o.default),
    doc: docOf(o, 'enumeration', o.default, values),
  };
}

/** 1 = on; 0 or unset = off. Anything else ("true", "yes") is refused, not guessed. */
export function flag(o: Doc) {
  return {
    schema: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    doc: docOf(o, 'flag', '0', ['0', '1']),
  };
}

export function url(o: Doc & { protocols: readonly string[] }) {
  return {
    schema: z
      .url({ protocol: new RegExp(`^(${o.protocols.map((p) => p.replace(':', '')).join('|')})$`) })
      .optional(),
    doc: docOf(o, `URL (${o.protocols.join(', ')})`, undefined),
  };
}

/** A folder; a relative path is taken from the checkout's root (npm start's working folder). */
export function folder(o: Doc & { default: string }) {
  return {
    schema: z
      .string()
      .default(o.default)
      .transform((p) => path.resolve(REPO_ROOT, p)),
    doc: docOf(o, 'path', o.default),
  };
}

export function commaList(o: Doc) {
  return {
    schema: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      ),
    doc: docOf(o, 'comma-separated list', undefined),
  };
}

/** One operator of the live switch and the bearer token that proves who they are. */
export interface NamedToken {
  name: string;
  token: string;
}

/** An operator's name as the audit log records it. */
const OPERATOR_NAME = /^[A-Za-z0-9._@-]{1,64}$/;

/**
 * `name:token` pairs, comma-separated: each operator's own bearer token, so the audit log of
 * the live switch records who acted (server/src/http/ops-token.ts). Names unique, tokens at
 * least `minLength` characters and unique.
 */
export function namedTokens(o: Doc & { minLength: number }): EnvVar<NamedToken[]> {
  return {
    schema: z
      .string()
      .default('')
      .transform((s, ctx) => {
        const pairs: NamedToken[] = [];
        for (const item of s.split(',').map((part) => part.trim())) {
          if (item === '') continue;
          const at = item.indexOf(':');
          const name = at < 0 ? '' : item.slice(0, at);
          const token = at < 0 ? '' : item.slice(at + 1);
          if (!OPERATOR_NAME.test(name) || token.length < o.minLength) {
            ctx.addIssue({
              code: 'custom',
              message: `each item is name:token (name: letters, digits . _ @ -; token ≥ ${o.minLength} characters)`,
            });
            return z.NEVER;
          }
          pairs.push({ name, token });
        }
        const names = new Set(pairs.map((p) => p.name));
        const tokens = new Set(pairs.map((p) => p.token));
        if (names.size !== pairs.length || tokens.size !== pairs.length) {
          ctx.addIssue({ code: 'custom', message: 'names and tokens must be unique' });
          return z.NEVER;
        }
        return pairs;
      }),
    doc: docOf(
      o,
      `comma-separated name:token pairs (token ≥ ${o.minLength} characters)`,
      undefined,
    ),
  };
}
