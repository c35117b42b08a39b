/**
 * The ApiClient of src/services/types.ts over the catalogue (spec §7; at run time its compact
 * table, ./api-table.ts) and the HTTP client.
 * Success is the entry's code (1 for activity info, 0 otherwise, spec §4); any other code
 * rejects with an ApiError carrying code, error and msg.
 */
import { newIdempotencyKey } from './idempotency-key';
import { IDEMPOTENCY_HEADER } from '../../spec/constants';
import { ApiError, TimeoutError } from '../http/errors';
import type { HttpClient, HttpRequest } from '../http/http-client';
import type { ApiCallName, ApiClient, ApiEnvelope, ApiResult } from '../types';
import { allApiRoutes, apiRoute, type ApiRoute } from './api-table';

export class UnknownApiError extends Error {
  override readonly name = 'UnknownApiError';
  readonly apiName: string;
  readonly suggestion: string | null;

  constructor(apiName: string, suggestion: string | null = null) {
    super(
      `Unknown API "${apiName}"${suggestion ? `; did you mean "${suggestion}"?` : ''} ` +
        '(src/services/api/catalogue.ts lists every call)',
    );
    this.apiName = apiName;
    this.suggestion = suggestion;
  }
}

/**
 * "Did you mean" for a name the build-time validator would have refused (an old deploy): rare, so
 * the edit-distance code loads only then; without it the error simply has no suggestion.
 */
async function suggestName(name: string): Promise<string | null> {
  try {
    const { closestName } = await import('./closest-name');
    return closestName(name, [...(await allApiRoutes()).keys()]);
  } catch {
    return null;
  }
}

export interface ApiClientDeps {
  http: HttpClient;
  /** Key for a mutation called without one; defaults to a random UUID (./idempotency-key.ts). */
  newIdempotencyKey?: () => string | Promise<string>;
  /** Retries of a keyed call that failed in transit; default MUTATION_RETRY. */
  retry?: RetryPolicy;
  /**
   * spec §3: the common request parameters (common-params.ts buildCommonParams), read at each
   * call so a changed query (`from`, `shareCode`) is seen; for the status calls also the device
   * info (buildBizStatusPayload). Sent with every call, in the query of a GET and the body of a
   * POST; a call's own params win over them.
   */
  commonParams?: (
    name: string,
  ) => Readonly<Record<string, unknown>> | Promise<Readonly<Record<string, unknown>>>;
}

export interface RetryPolicy {
  /** Wait before each retry; its length is the number of retries. */
  delaysMs: readonly number[];
  sleep: (ms: number) => Promise<void>;
}

/**
 * A draw, sign-in or claim that failed on the way (network error, timeout, 503 while the server's
 * database is away) may have happened on the server. It is sent again with the same idempotency
 * key, so the server replays the committed answer instead of acting twice (issue 17).
 */
export const MUTATION_RETRY: RetryPolicy = {
  delaysMs: [500, 1500],
  sleep: (ms) => new Promise((resolve) => globalThis.setTimeout(resolve, ms)),
};

/** Failed in transit, not refused: fetch's TypeError, our timeout, or a 503 from the server. */
function failedInTransit(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return false;
  if (error instanceof ApiError) return error.status === 503;
  return error instanceof TimeoutError || error instanceof TypeError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fills `{name}` path parameters from params (removing them); rejects unsafe segments. */
export function fillPath(
  entry: Pick<ApiRoute, 'name' | 'path'>,
  params: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...params };
  const path = entry.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || text === '' || text === '.' || text === '..') {
      throw new TypeError(`${entry.name}: path parameter "${key}" must be a non-empty segment`);
    }
    return encodeURIComponent(text);
  });
  return { path, rest };
}

function envelopeOf(data: unknown): ApiEnvelope | null {
  if (!isRecord(data)) return null;
  const code = typeof data.code === 'string' ? Number(data.code) : data.code;
  if (typeof code !== 'number' || !Number.isFinite(code)) return null;
  return { ...data, code } as ApiEnvelope;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const newKey = deps.newIdempotencyKey ?? newIdempotencyKey;
  const retry = deps.retry ?? MUTATION_RETRY;

  return {
    async call<N extends string>(
      name: ApiCallName<N>,
      params: Record<string, unknown> = {},
      options: { idempotencyKey?: string; signal?: AbortSignal } = {},
    ): Promise<ApiEnvelope<ApiResult<N>>> {
      const entry = await apiRoute(name);
      if (!entry) throw new UnknownApiError(name, await suggestName(name));
      const { path, rest: own } = fillPath(entry, params);
      const rest = deps.commonParams ? { ...(await deps.commonParams(name)), ...own } : own;

      const key = options.idempotencyKey ?? (entry.mutation ? await newKey() : undefined);
      const request: HttpRequest = {
        method: entry.method,
        url: path,
        ...(entry.method === 'GET' ? { query: rest } : { body: rest }),
        ...(key !== undefined ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      };
      // Only a keyed call is sent twice: the key makes the second send safe.
      const delays = key === undefined ? [] : retry.delaysMs;
      let response: Awaited<ReturnType<HttpClient['request']>>;
      for (let attempt = 0; ; attempt++) {
        try {
          response = await deps.http.request(request);
          break;
        } catch (error) {
          const delay = delays[attempt];
          if (delay === undefined || !failedInTransit(error, options.signal)) throw error;
          await retry.sleep(delay);
        }
      }
      const envelope = envelopeOf(response.data);
      if (!envelope) {
        throw new ApiError({
          message: `${name}: the response is not an envelope with a numeric code`,
          code: null,
          status: response.status,
          url: path,
        });
      }
      // Typed by the call's contract, not checked here: the server's tests check its answers.
      if (envelope.code === entry.successCode) return envelope as ApiEnvelope<ApiResult<N>>;
      throw new ApiError({
        message: envelope.msg ?? envelope.error ?? `${name} failed with code ${envelope.code}`,
        code: envelope.code,
        status: response.status,
        url: path,
        ...(envelope.error !== undefined ? { error: envelope.error } : {}),
        ...(envelope.msg !== undefined ? { msg: envelope.msg } : {}),
      });
    },
  };
}
