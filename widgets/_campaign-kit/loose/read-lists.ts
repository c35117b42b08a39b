/**
 * The raw readers of loose lists and paths (configured calls, lenient answers): private to this
 * folder like ./read.ts. Their own module: only the rarely used readers need them, and a page
 * without those widgets never downloads them (src/build/app-build-options.ts).
 */
import { isRecord } from './read';

/** Reads `result` (or `value`) of an envelope; a JSON string is parsed. */
export function payloadOf(envelope: { result?: unknown; value?: unknown } | undefined): unknown {
  const raw = envelope?.result ?? envelope?.value;
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The list in a payload: the payload itself, or its first array field among `keys`. */
export function listOf(
  payload: unknown,
  keys: readonly string[] = ['list', 'records', 'data'],
): unknown[] {
  if (Array.isArray(payload)) return payload;
  if (!isRecord(payload)) return [];
  for (const key of keys) {
    const value = payload[key];
    if (Array.isArray(value)) return value;
  }
  return [];
}

/** The first of `keys` present on `record`. */
export function pick(record: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (record[key] !== undefined && record[key] !== null) return record[key];
  return undefined;
}

/** The value at a dot path, own properties only (a path can never reach a prototype). */
export function at(value: unknown, path: string | undefined): unknown {
  if (!path) return undefined;
  let current = value;
  for (const part of path.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return current;
}
