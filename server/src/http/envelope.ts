import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionError, RETRY_AFTER_SECONDS } from '../db/errors';
import {
  ACTIVITY_INFO_SUCCESS_CODE,
  API_SUCCESS_CODE,
  UNAUTHORIZED_CODE,
} from '../../../src/spec/constants';

/** spec §7: every call answers `{ code, result, error, msg }`. */
export interface Envelope<T> {
  code: number;
  result: T;
  error: string | null;
  msg: string;
  /**
   * Ours, on failures only: the request's id (http/request-id.ts), which a user can quote to
   * support and which is on every log line of the request. The spec's four fields are unchanged.
   */
  requestId?: string;
}

/** spec §7's other shape, of the holiday and app-store lookups: the answer is in `value`. */
export interface ValueEnvelope<T> {
  code: number;
  value: T;
  error: string | null;
  msg: string;
}

/** Success: code 0 (spec §4), or pass ACTIVITY_INFO_SUCCESS_CODE for the activity-info calls. */
export function ok<T>(result: T, code: number = API_SUCCESS_CODE): Envelope<T> {
  return { code, result, error: null, msg: 'success' };
}

/** Success of the activity-info calls and of transpond/wechat: code 1 (spec §4, §7). */
export function okActivity<T>(result: T): Envelope<T> {
  return ok(result, ACTIVITY_INFO_SUCCESS_CODE);
}

/**
 * A failure the client should see. `status` is the HTTP status; the body code equals it so the
 * client's "code 401 → login" rule (spec §8) works from either.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly error: string = defaultErrorName(status),
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function defaultErrorName(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 422:
      return 'UNPROCESSABLE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'ERROR';
  }
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg = 'please log in') => new ApiError(UNAUTHORIZED_CODE, msg);
export const forbidden = (msg: string) => new ApiError(403, msg);

export function fail(
  status: number,
  msg: string,
  error?: string,
  requestId?: string,
): Envelope<null> {
  const envelope = { code: status, result: null, error: error ?? defaultErrorName(status), msg };
  return requestId === undefined ? envelope : { ...envelope, requestId };
}

/**
 * Maps every thrown error to the envelope: schema validation and body parsing problems → 400
 * with the validator's message (never a 500 for bad input), ApiError → its status, a lost or
 * refused database connection → 503 with Retry-After, anything else → 500 with a generic message (details only in the log).
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply
      .status(error.status)
      .send(fail(error.status, error.message, error.error, request.id));
  }
  if (error.validation) {
    const where = error.validationContext ?? 'request';
    return reply
      .status(400)
      .send(fail(400, `invalid ${where}: ${error.message}`, undefined, request.id));
  }
  if (isConnectionError(error)) {
    // The database is away (issue 17): the call did nothing we can vouch for, so the client
    // should retry it with the same idempotency key after Retry-After.
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .status(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .send(fail(503, 'service temporarily unavailable, retry shortly', 'UNAVAILABLE', request.id));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: bad JSON, unsupported content type, body too large.
    return reply.status(status).send(fail(status, error.message, undefined, request.id));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(fail(500, 'internal error', undefined, request.id));
}
