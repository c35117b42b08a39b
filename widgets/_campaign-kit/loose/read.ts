/**
 * The raw readers of loose data: private to this folder (eslint-zones.js refuses an import of
 * this module from anywhere else). A widget never reads an answer field by field: it reads its
 * call's typed answer (src/contracts), or calls one of the named readers beside this file.
 */

/** The envelope's payload as it came: `result`, else `value` (no text parsed). */
export function rawPayloadOf(envelope: { result?: unknown; value?: unknown }): unknown {
  return envelope.result !== undefined ? envelope.result : envelope.value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

export const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
