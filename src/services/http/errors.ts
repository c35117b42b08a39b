/** Errors of the HTTP and API clients (spec §7, §8). Plain data fields, so callers branch on them. */

export interface ApiErrorInit {
  message: string;
  /** The envelope's `code`, when the body had one. */
  code: number | null;
  /** HTTP status (200 when the transport succeeded but the envelope reported a failure). */
  status: number;
  /** Origin and path of the request (no query: it may carry tokens). */
  url: string;
  /** The envelope's `error` and `msg` texts, when present. */
  error?: string;
  msg?: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number | null;
  readonly status: number;
  readonly url: string;
  readonly error: string | undefined;
  readonly msg: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.url = init.url;
    this.error = init.error;
    this.msg = init.msg;
  }
}

/** spec §7: a request that did not finish within REQUEST_TIMEOUT_MS. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly url: string;
  readonly timeoutMs: number;

  constructor(url: string, timeoutMs: number) {
    super(`Request to ${url} timed out after ${timeoutMs} ms`);
    this.url = url;
    this.timeoutMs = timeoutMs;
  }
}
