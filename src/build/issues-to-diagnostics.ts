import type { z } from 'zod';
import type { Diagnostic, JsonPath } from './diagnostic';
import { formatPath } from './diagnostic';
import { objectKeys, schemaAt } from './schema-at';
import { didYouMean } from './suggest';

export interface IssueContext {
  schema: z.ZodType;
  data: unknown;
  widgetTypes: readonly string[];
  actionTypes: readonly string[];
  /**
   * Locates a path in the file that defines it (a document or one of its templates); `path` is
   * the path as written in that file when it differs (lists merged by id).
   */
  locate: (
    path: JsonPath,
    key?: string,
  ) => { file: string; line: number; column: number; path?: JsonPath };
}

type Issue = z.core.$ZodIssue;

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[String(segment)];
  }
  return current;
}

/** "expected boolean, received string" with what to write instead. */
function typeHint(expected: string, value: unknown): string {
  const shown = JSON.stringify(value)?.slice(0, 40) ?? String(value);
  const got = Array.isArray(value)
    ? 'a list'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? 'an object'
        : typeof value === 'string'
          ? `the text ${shown}`
          : shown;
  if (expected === 'int' && typeof value === 'number') {
    return `expected a whole number, got ${shown}`;
  }
  switch (expected) {
    case 'boolean':
      return `expected true or false (without quotes), got ${got}`;
    case 'number':
    case 'int':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
        ? `expected a number without quotes: ${value.trim()}, not ${shown}`
        : `expected a number, got ${got}`;
    case 'string':
      return `expected text in double quotes, got ${got}`;
    case 'array':
      return `expected a list [ … ], got ${got}`;
    case 'object':
      return `expected an object { … }, got ${got}`;
    default:
      return `expected ${expected}, got ${got}`;
  }
}

/** The forms zod checks by name, each with an example to copy (zod's own words are "Invalid ISO datetime"). */
const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  datetime: 'a date and time with its offset, such as "2026-04-01T00:00:00+08:00"',
  date: 'a date such as "2026-04-01"',
  time: 'a time such as "10:00:00"',
  email: 'an e-mail address such as "name@example.com"',
  url: 'an address such as "https://example.com/page"',
  uuid: 'an id such as "123e4567-e89b-12d3-a456-426614174000"',
};

/** A value of the wrong form, with an example of the right one. */
function formatHint(issue: Issue & { code: 'invalid_format' }, value: unknown): string {
  const shown = typeof value === 'string' ? JSON.stringify(value) : 'this value';
  const example = FORMAT_EXAMPLES[issue.format];
  if (example) return `${shown} is not ${example}: write it in that form`;
  // A pattern with its own message says what to write (a colour, an id): that message.
  if (issue.format === 'regex' && !/^Invalid/.test(issue.message)) return issue.message;
  return `${shown} is not in the expected form (${issue.format})`;
}

/** A number out of range: the bound to respect, as a person says it. */
function boundHint(
  issue: Issue & ({ code: 'too_small'; minimum: unknown } | { code: 'too_big'; maximum: unknown }),
  value: unknown,
): string {
  const shown = JSON.stringify(value) ?? 'this value';
  if (issue.code === 'too_small') {
    const bound = String(issue.minimum);
    return issue.inclusive === false
      ? `${shown} is too small: write a number above ${bound}`
      : `${shown} is too small: write ${bound} or more`;
  }
  const bound = String(issue.maximum);
  return issue.inclusive === false
    ? `${shown} is too large: write a number below ${bound}`
    : `${shown} is too large: write ${bound} or less`;
}

function describe(issue: Issue, context: IssueContext): { message: string; code: string } {
  const path = issue.path;
  switch (issue.code) {
    case 'invalid_union': {
      const options = 'options' in issue ? (issue.options as unknown[] | undefined) : undefined;
      if (options && path[path.length - 1] === 'type') {
        const value = valueAt(context.data, path);
        const isWidget = options.some((option) => context.widgetTypes.includes(String(option)));
        const kind = isWidget ? 'widget' : 'action';
        const known = isWidget ? context.widgetTypes : context.actionTypes;
        if (value === undefined)
          return { message: `missing "type": name the ${kind}`, code: `unknown-${kind}` };
        return {
          message: `unknown ${kind} type ${JSON.stringify(value)}${didYouMean(String(value), known)}`,
          code: `unknown-${kind}`,
        };
      }
      return { message: 'this value matches none of the allowed forms', code: 'schema' };
    }
    case 'invalid_type':
      if (valueAt(context.data, path) === undefined) {
        return {
          message: `missing required property "${String(path[path.length - 1])}"`,
          code: 'schema',
        };
      }
      return { message: typeHint(issue.expected, valueAt(context.data, path)), code: 'schema' };
    case 'invalid_value': {
      const value = valueAt(context.data, path);
      const allowed = issue.values.map((option) => JSON.stringify(option));
      const hint = typeof value === 'string' ? didYouMean(value, issue.values.map(String)) : '';
      return {
        message: `${JSON.stringify(value) ?? 'this value'} is not allowed here${hint || ''}: write one of ${allowed.join(', ')}`,
        code: 'schema',
      };
    }
    case 'too_small':
      if (issue.origin === 'array') {
        return { message: `needs at least ${String(issue.minimum)} item(s)`, code: 'schema' };
      }
      if (issue.origin === 'string') {
        return { message: `needs at least ${String(issue.minimum)} character(s)`, code: 'schema' };
      }
      return { message: boundHint(issue, valueAt(context.data, path)), code: 'schema' };
    case 'too_big':
      if (issue.origin === 'array') {
        return { message: `has too many items: at most ${String(issue.maximum)}`, code: 'schema' };
      }
      if (issue.origin === 'string') {
        return {
          message: `is too long: at most ${String(issue.maximum)} characters`,
          code: 'schema',
        };
      }
      return { message: boundHint(issue, valueAt(context.data, path)), code: 'schema' };
    case 'invalid_format':
      return { message: formatHint(issue, valueAt(context.data, path)), code: 'schema' };
    default:
      return { message: issue.message.replace(/^Invalid input: /, ''), code: 'schema' };
  }
}

/** Flattens nested union errors to the branch that came closest, so the real problem shows. */
function flatten(issues: readonly Issue[]): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      out.push(
        ...flatten(best.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }))),
      );
    } else out.push(issue);
  }
  return out;
}

export function issuesToDiagnostics(issues: readonly Issue[], context: IssueContext): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const issue of flatten(issues)) {
    const path = issue.path.filter((s): s is string | number => typeof s !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const allowed = objectKeys(schemaAt(context.schema, path, context.data));
      for (const key of issue.keys) {
        const hint = allowed.length > 0 ? didYouMean(key, allowed) : '';
        const at = context.locate(path, key);
        diagnostics.push({
          file: at.file,
          line: at.line,
          column: at.column,
          path: formatPath(at.path ?? [...path, key]),
          message: `unknown property "${key}"${hint || (allowed.length ? `; allowed: ${allowed.join(', ')}` : '')}`,
          code: 'unknown-property',
        });
      }
      continue;
    }
    const { message, code } = describe(issue, context);
    const at = context.locate(path);
    diagnostics.push({
      file: at.file,
      line: at.line,
      column: at.column,
      path: formatPath(at.path ?? path),
      message,
      code,
    });
  }
  return diagnostics;
}
