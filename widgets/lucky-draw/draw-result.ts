/**
 * Reading the server's draw answers (server/src/domain/draw.ts DrawOutcome), part of the draw's
 * chunk (decision 0035). Server data is untrusted: fields are checked one by one and unsafe
 * image addresses dropped.
 */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { payloadOf } from '../../src/services/api/special-cases';
import type { ApiEnvelope } from '../../src/services/types';
import { isRecord, str as text } from '../_campaign-kit/api-error';

/** The kit's text reader, an empty text read as none (a number never reads as empty). */
const str = (value: unknown): string | null => text(value) || null;

const num = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

export interface DrawResult {
  prizeId: string | null;
  index: number | null;
  name: string;
  image: string | null;
  /** 'thanks' means no prize (spec: "thanks for taking part"). */
  type: string;
  remainChance: number | null;
}

export function parseDrawResult(envelope: ApiEnvelope): DrawResult | null {
  const data = payloadOf(envelope);
  if (!isRecord(data)) return null;
  const prizeId = str(data.prizeId);
  const index = num(data.index);
  if (prizeId === null && index === null) return null;
  const image = data.prizeImage ?? data.image;
  return {
    prizeId,
    index,
    name: str(data.prizeName) ?? str(data.name) ?? '',
    image: isSafeUrl(image) ? image : null,
    type: str(data.prizeType) ?? str(data.type) ?? '',
    remainChance: num(data.remainChance),
  };
}

export type DrawFailure = 'noChance' | 'soldOut' | 'unavailable' | 'timeout' | 'other';

/** What went wrong, from the ApiError's body `error` name or code (server/src/http/envelope.ts). */
export function classifyDrawError(error: unknown): DrawFailure {
  if (!isRecord(error) && !(error instanceof Error)) return 'other';
  const name = Reflect.get(error, 'name');
  if (name === 'TimeoutError') return 'timeout';
  const code = Reflect.get(error, 'error');
  if (code === 'NO_CHANCE') return 'noChance';
  if (code === 'SOLD_OUT') return 'soldOut';
  if (code === 'ACTIVITY_UNAVAILABLE' || code === 'ACTION_UNAVAILABLE') return 'unavailable';
  return 'other';
}
