/**
 * The raw readers of loose data: private to this folder (eslint-zones.js refuses an import of
 * this module from anywhere else). A widget never reads an answer field by field: it reads its
 * call's typed answer (src/contracts), or calls one of the named readers beside this file.
 */

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

/** The envelope's payload as it came: `result`, else `value` (no text parsed). */
export function rawPayloadOf(envelope: { result?: unknown; value?: unknown }): unknown {
  return envelope.result !== undefined ? envelope.result : envelope.value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

export const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

export const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;

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
