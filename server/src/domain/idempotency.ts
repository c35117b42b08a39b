import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../../src/spec/constants';
import type { Db } from '../db/types';
import { ApiError, badRequest } from '../http/envelope';

/** Printable ASCII without spaces; long enough for a UUID, short enough to index. */
const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

/**
 * The client's idempotency key (IDEMPOTENCY_HEADER, sent with every mutation by the API
 * client), null when absent. A malformed key is a 400 on every route (define-route.ts checks it
 * before anything else): silently ignoring it would let a retry act twice.
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

/** A key and the fingerprint of the request it was sent with. */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are one request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Stripe's rule: a key is bound to one request, identified by method, path and body. The body
 * is the call's parsed input (the parameters its schema declares), not the raw bytes: the client
 * adds common parameters to every call (spec §3, §7) that change nothing on the server.
 */
export function fingerprintOf(method: string, path: string, input: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonical(input)}`)
    .digest('base64url');
}

/** 422: the key was sent before with another request (Stripe). */
export const idempotencyMismatch = () =>
  new ApiError(
    422,
    `this ${IDEMPOTENCY_HEADER} was sent with another request; use a new key for a new request`,
    'IDEMPOTENCY_KEY_REUSED',
  );

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by define-route.ts for a call with a user and a key; null otherwise. */
    idempotency: IdempotencyClaim | null;
  }
}

/** The request's key and fingerprint (define-route.ts), null without a key or a user. */
export const claimOf = (request: FastifyRequest): IdempotencyClaim | null => request.idempotency;

/**
 * The stored answer of a finished request with this key, before any other work (define-route.ts
 * calls it ahead of the rate limit, so a retry is answered even when the user's bucket is
 * empty). `undefined` = nothing finished under this key yet; 422 when the key belongs to another
 * request.
 */
export async function storedResponse(
  db: Db,
  userId: string,
  claim: IdempotencyClaim,
): Promise<{ response: unknown } | undefined> {
  const res = await db.query<{ fingerprint: string; response: unknown }>(
    'SELECT fingerprint, response FROM idempotency_requests WHERE user_id = $1 AND key = $2',
    [userId, claim.key],
  );
  const row = res.rows[0];
  if (!row) return undefined;
  if (row.fingerprint !== claim.fingerprint) throw idempotencyMismatch();
  return row.response === null ? undefined : { response: row.response };
}

/**
 * Runs `fn` in one transaction together with the claim of (user, key). The key row is inserted
 * first with ON CONFLICT DO NOTHING: a concurrent retry blocks on the primary key until the first
 * commits and then replays its stored result; if the first rolled back (an error such as "no
 * chances left"), the retry runs for real. The same key with another fingerprint is a 422.
 * Without a key, `fn` just runs in a transaction. The route answers `ok(result)`, which is what
 * define-route.ts replays for a finished key.
 */
export async function idempotent<T>(
  db: Db,
  userId: string,
  claim: IdempotencyClaim | null,
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (claim === null) return fn(tx);
    const won = await tx.query(
      `INSERT INTO idempotency_requests (user_id, key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING key`,
      [userId, claim.key, claim.fingerprint],
    );
    if (won.rowCount === 0) {
      const stored = await tx.query<{ fingerprint: string; response: T }>(
        'SELECT fingerprint, response FROM idempotency_requests WHERE user_id = $1 AND key = $2',
        [userId, claim.key],
      );
      const row = stored.rows[0];
      if (!row || row.fingerprint !== claim.fingerprint) throw idempotencyMismatch();
      // Same fingerprint, so the same route wrote it: it has this call's shape.
      return row.response;
    }
    const result = await fn(tx);
    await tx.query(
      `UPDATE idempotency_requests SET response = $3::jsonb WHERE user_id = $1 AND key = $2`,
      [userId, claim.key, JSON.stringify(result ?? null)],
    );
    return result;
  });
}
