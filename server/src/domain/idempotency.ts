import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../../src/spec/constants';
import type { Db } from '../db/types';
import { badRequest } from '../http/envelope';

/** Printable ASCII without spaces; long enough for a UUID, short enough to index. */
const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

/**
 * The client's idempotency key (IDEMPOTENCY_HEADER, sent with every mutation by the API
 * client), null when absent. A malformed key is a 400: silently ignoring it would let a retry
 * act twice.
 */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !KEY_PATTERN.test(value)) {
    throw badRequest(`${IDEMPOTENCY_HEADER} must be 8-128 printable characters without spaces`);
  }
  return value;
}

/**
 * Runs `fn` in one transaction together with the claim of (user, endpoint, key). The key row is
 * inserted first with ON CONFLICT DO NOTHING: a concurrent retry blocks on the unique key until
 * the first commits and then replays its stored response; if the first rolled back (an error
 * such as "no chances left"), the retry runs for real. Without a key, `fn` just runs in a
 * transaction.
 */
export async function idempotent<T>(
  db: Db,
  claim: { userId: string; endpoint: string; key: string | null },
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  const { userId, endpoint, key } = claim;
  return db.transaction(async (tx) => {
    if (key === null) return fn(tx);
    const won = await tx.query(
      `INSERT INTO idempotency_keys (user_id, endpoint, key) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING key`,
      [userId, endpoint, key],
    );
    if (won.rowCount === 0) {
      const stored = await tx.query<{ response: T }>(
        'SELECT response FROM idempotency_keys WHERE user_id = $1 AND endpoint = $2 AND key = $3',
        [userId, endpoint, key],
      );
      // The row was written by this endpoint's own handler, so it has this endpoint's shape.
      return stored.rows[0]?.response as T;
    }
    const result = await fn(tx);
    await tx.query(
      `UPDATE idempotency_keys SET response = $4::jsonb
       WHERE user_id = $1 AND endpoint = $2 AND key = $3`,
      [userId, endpoint, key, JSON.stringify(result ?? null)],
    );
    return result;
  });
}
