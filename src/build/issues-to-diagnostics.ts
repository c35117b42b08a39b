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
      return { message: issue.message, code: 'schema' };
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
