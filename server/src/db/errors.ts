/**
 * Which database failures mean "the database is away" (a lost or refused connection) rather than
 * "this statement is wrong". The first kind is answered 503 with Retry-After and may be retried;
 * the second is a bug or a rule and is never retried.
 */

/** SQLSTATE classes and codes of a lost or refused connection (PostgreSQL appendix A). */
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '57P04', // database_dropped
  '53300', // too_many_connections
]);
/** Class 08: connection exception. */
const CONNECTION_CLASS = '08';

/** Node socket errors of a connection that dropped or never opened. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN', // name resolution failed for now (a DNS outage, a container restarting)
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Messages of `pg` itself, which has no code for these. */
const PG_MESSAGES = [
  'Connection terminated',
  'connection error',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/** SQLSTATEs after which the whole transaction can simply run again (nothing committed). */
const RETRYABLE_TX_SQLSTATES = new Set(['40001', '40P01']); // serialization failure, deadlock

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = codeOf(error);
  if (code !== undefined) {
    if (CONNECTION_SQLSTATES.has(code) || code.startsWith(CONNECTION_CLASS)) return true;
    if (SOCKET_CODES.has(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return PG_MESSAGES.some((m) => message.includes(m));
}

/** A transaction that failed this way committed nothing and may run again as it is. */
export function isRetryableBeforeCommit(error: unknown): boolean {
  const code = codeOf(error);
  return isConnectionError(error) || (code !== undefined && RETRYABLE_TX_SQLSTATES.has(code));
}

/**
 * The database could not be reached, or the connection was lost at a point where retrying here
 * could act twice (during COMMIT). The error handler answers 503 with Retry-After; the client
 * retries with the same idempotency key, which replays a committed result (idempotency.ts).
 */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Seconds a client should wait before retrying a call refused with 503. */
export const RETRY_AFTER_SECONDS = 1;
