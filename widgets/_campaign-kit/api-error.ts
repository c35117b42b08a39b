/** A person-readable message for a failed call: the server's msg when it sent one. */
export function errorText(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const { msg, message } = error as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg.trim() !== '' && msg !== 'success') return msg;
    if (typeof message === 'string' && /[\u4e00-\u9fa5]/.test(message)) return message;
  }
  return fallback;
}

/** The envelope code of an ApiError (or an HTTP status), when it has one. */
export function errorCode(error: unknown): number | null {
  if (error && typeof error === 'object') {
    const { code, status } = error as { code?: unknown; status?: unknown };
    if (typeof code === 'number') return code;
    if (typeof status === 'number') return status;
  }
  return null;
}

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
