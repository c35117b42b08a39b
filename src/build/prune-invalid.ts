import type { z } from 'zod';
import type { JsonPath } from './diagnostic';

/**
 * The part of a document that passes the schema, so the cross-reference checks can run in the
 * same pass as the schema's (issue 34: every error of a file at once). What failed is left out:
 * first the failing value itself, then, when that is not enough (a required key), the list item
 * that holds it (a node, an action), then the top-level key.
 */
export interface Pruned {
  /** The schema's output for what is left. */
  data: unknown;
  /** A path of `data` as a path of the document given (list items left out shift indexes). */
  toOriginal: (path: JsonPath) => JsonPath;
}

const ROUNDS = 8;
const keyOf = (path: JsonPath) => JSON.stringify(path);

interface Copy {
  value: unknown;
  /** For each list (by its original path), the original index of each item kept. */
  kept: Map<string, number[]>;
}

function copyWithout(value: unknown, removed: ReadonlySet<string>): Copy {
  const kept = new Map<string, number[]>();
  const copy = (node: unknown, path: JsonPath): unknown => {
    if (Array.isArray(node)) {
      const indexes: number[] = [];
      const items: unknown[] = [];
      node.forEach((item, index) => {
        const here = [...path, index];
        if (removed.has(keyOf(here))) return;
        indexes.push(index);
        items.push(copy(item, here));
      });
      kept.set(keyOf(path), indexes);
      return items;
    }
    if (node !== null && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) {
        const here = [...path, key];
        if (!removed.has(keyOf(here))) out[key] = copy(item, here);
      }
      return out;
    }
    return node;
  };
  return { value: copy(value, []), kept };
}

/** The nearest list item holding `path` (itself included), else its top-level key. */
function enclosingItem(path: JsonPath): JsonPath | undefined {
  for (let end = path.length; end > 0; end--) {
    if (typeof path[end - 1] === 'number') return path.slice(0, end);
  }
  return path.length > 0 ? path.slice(0, 1) : undefined;
}

/** Undefined when nothing sensible is left to check (the document's own shape is wrong). */
export function pruneInvalid(
  schema: z.ZodType,
  document: unknown,
  issues: readonly z.core.$ZodIssue[],
): Pruned | undefined {
  const removed = new Set<string>();
  let pending = issues;
  for (let round = 0; round < ROUNDS; round++) {
    const { value, kept } = copyWithout(document, removed);
    const toOriginal = (path: JsonPath): JsonPath => {
      const out: JsonPath = [];
      for (const segment of path) {
        out.push(
          typeof segment === 'number' ? (kept.get(keyOf(out))?.[segment] ?? segment) : segment,
        );
      }
      return out;
    };
    if (round > 0) {
      const parsed = schema.safeParse(value);
      if (parsed.success) return { data: parsed.data, toOriginal };
      pending = parsed.error.issues;
    }
    for (const issue of pending) {
      const path = toOriginal(
        issue.path.filter((s): s is string | number => typeof s !== 'symbol'),
      );
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) removed.add(keyOf([...path, key]));
        continue;
      }
      const target = round === 0 ? path : enclosingItem(path);
      if (!target || target.length === 0) return undefined;
      removed.add(keyOf(target));
    }
  }
  return undefined;
}
