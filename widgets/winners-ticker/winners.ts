/** rotaryNews answers (server/src/routes/draw-history.ts): {list: [{nickName, phone, prizeName}]}. */
import { payloadOf } from '../../src/services/api/special-cases';
import type { ApiEnvelope } from '../../src/services/types';

export interface Winner {
  name: string;
  prize: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Another visitor's name or phone is shown only as a hint. The server masks already; this masks
 * again anything that arrives unmasked, so a server slip never shows a full name or number.
 */
export function maskWinner(value: string): string {
  if (value.includes('*')) return value;
  if (/^\+?\d{7,}$/.test(value)) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  const chars = [...value];
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

export function parseWinners(envelope: ApiEnvelope | undefined): Winner[] {
  const data = envelope ? payloadOf(envelope) : null;
  const list: unknown[] = Array.isArray(data)
    ? data
    : isRecord(data) && Array.isArray(data.list)
      ? data.list
      : [];
  return list.flatMap((item) => {
    if (!isRecord(item)) return [];
    const prize = text(item.prizeName);
    if (!prize) return [];
    return [{ name: maskWinner(text(item.nickName) || text(item.phone)), prize }];
  });
}
