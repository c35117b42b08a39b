/**
 * The HTTP client every service call goes through (spec §7 client defaults, spec §8 error
 * catalogue). All effects are injected: fetch, clock, navigation, auth, logger, cookies.
 */
import {
  BAD_GATEWAY_STATUS,
  NO_SERVICE_BODY_MESSAGES,
  NO_SERVICE_PATH,
  REQUEST_TIMEOUT_MS,
  TRACK_ID_PARAM,
  UNAUTHORIZED_CODE,
} from '../../spec/constants';
import type { CookieJar } from '../browser/cookies';
import type { AuthService, Clock, Logger, Navigation } from '../types';
import { ApiError, TimeoutError } from './errors';
import {
  appendParams,
  forwardedCookies,
  isOwnApi,
  reportableUrl,
  type ParamValue,
} from './request-url';

export type HttpMethod = 'GET' | 'POST';

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute, or relative to the page (e.g. '/mp/api/generalActivity/luckDraw'). */
  url: string;
  /** Added to the URL's query. */
  query?: Record<string, ParamValue>;
  /** POST only. A record is form-encoded unless a JSON or multipart content type is set. */
  body?: Record<string, ParamValue> | FormData | URLSearchParams | string | Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Defaults to REQUEST_TIMEOUT_MS (spec §7). */
  timeoutMs?: number;
}

export interface HttpResponse<T = unknown> {
  status: number;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  data: T;
}

export interface HttpClient {
  request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpClientDeps {
  fetch: FetchLike;
  clock: Pick<Clock, 'setTimeout'>;
  navigation: Pick<Navigation, 'href' | 'pathname' | 'assign'>;
  auth: Pick<AuthService, 'login'>;
  logger: Pick<Logger, 'report'>;
  cookies: Pick<CookieJar, 'entries'>;
  /** spec §7: the track id sent as `tid` on our API's URLs (a function when it can change). */
  trackId: string | (() => string);
}

/** spec §8 error kind logged for HTTP failures. */
export const INTERFACE_EXCEPTION = 'interface exception';

const PASS_THROUGH_TYPES = /^\s*(?:application\/json|multipart\/form-data)/i;
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainBody(body: HttpRequest['body']): body is Record<string, ParamValue> {
  return (
    isRecord(body) &&
    !(body instanceof FormData) &&
    !(body instanceof URLSearchParams) &&
    !(body instanceof Blob)
  );
}

/** The envelope's numeric code, if any ('401' counts as 401). */
function envelopeCode(data: unknown): number | null {
  if (!isRecord(data)) return null;
  const code = typeof data.code === 'string' ? Number(data.code) : data.code;
  return typeof code === 'number' && Number.isFinite(code) ? code : null;
}

function envelopeText(data: unknown, field: 'error' | 'msg' | 'message'): string | undefined {
  if (!isRecord(data)) return undefined;
  const value = data[field];
  return typeof value === 'string' ? value : undefined;
}

/** spec §8: code 0 with one of the back end's "no endpoint" messages means it is unreachable. */
function isNoServiceBody(data: unknown): boolean {
  if (envelopeCode(data) !== 0) return false;
  const texts = [
    envelopeText(data, 'msg'),
    envelopeText(data, 'error'),
    envelopeText(data, 'message'),
  ];
  return texts.some((text) => text && NO_SERVICE_BODY_MESSAGES.some((m) => text.includes(m)));
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const trackId = typeof deps.trackId === 'function' ? deps.trackId : () => deps.trackId as string;
  let sentToNoService = false;
  let loginRunning = false;

  /** spec §8: go to the no-service page once; never from the page itself (no loop). */
  const goToNoService = () => {
    if (sentToNoService || deps.navigation.pathname().startsWith(NO_SERVICE_PATH)) return;
    sentToNoService = true;
    deps.navigation.assign(NO_SERVICE_PATH);
  };

  /** spec §6, §8: a 401 starts the login flow, never a second one while one runs. */
  const startLogin = () => {
    if (loginRunning) return;
    loginRunning = true;
    deps.auth
      .login()
      .catch((error: unknown) => deps.logger.report(error, { kind: 'login failed' }))
      .finally(() => {
        loginRunning = false;
      });
  };

  const buildInit = (request: HttpRequest, url: URL, ownApi: boolean): RequestInit => {
    const headers = new Headers(request.headers);
    headers.set('Cache-Control', 'no-cache');
    // spec §7: no credentials across origins.
    const init: RequestInit = { method: request.method, headers, credentials: 'same-origin' };
    if (request.method !== 'POST') return init;

    const cookies = ownApi ? deps.cookies.entries() : [];
    const body = request.body;
    const contentType = headers.get('Content-Type') ?? '';
    if (PASS_THROUGH_TYPES.test(contentType) || body instanceof FormData) {
      // spec §7: the body goes as is; the _ph cookies ride in the query instead.
      for (const [name, value] of forwardedCookies(cookies, (n) => url.searchParams.has(n))) {
        url.searchParams.append(name, value);
      }
      if (/multipart/i.test(contentType) || body instanceof FormData) {
        // The browser must write the multipart boundary itself.
        headers.delete('Content-Type');
        const form = body instanceof FormData ? body : new FormData();
        if (isPlainBody(body)) appendParams(form, body);
        init.body = form;
      } else if (body !== undefined) {
        init.body = isPlainBody(body) ? JSON.stringify(body) : body;
      }
      return init;
    }
    const form =
      body instanceof URLSearchParams
        ? new URLSearchParams(body)
        : typeof body === 'string'
          ? new URLSearchParams(body)
          : new URLSearchParams();
    if (isPlainBody(body)) appendParams(form, body);
    for (const [name, value] of forwardedCookies(cookies, (n) => form.has(n))) {
      form.append(name, value);
    }
    headers.set('Content-Type', FORM_TYPE);
    init.body = form.toString();
    return init;
  };

  /** Runs fetch and reads the body, rejecting with TimeoutError when the time is up. */
  const fetchWithTimeout = async (
    url: URL,
    init: RequestInit,
    request: HttpRequest,
  ): Promise<{ status: number; ok: boolean; text: string }> => {
    const timeoutMs = request.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const controller = new AbortController();
    const outer = request.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    let cancelTimer: () => void = () => undefined;
    const timedOut = new Promise<never>((_, reject) => {
      cancelTimer = deps.clock.setTimeout(() => {
        const error = new TimeoutError(reportableUrl(url), timeoutMs);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    try {
      const run = async () => {
        const response = await deps.fetch(url.toString(), { ...init, signal: controller.signal });
        return { status: response.status, ok: response.ok, text: await response.text() };
      };
      return await Promise.race([run(), timedOut]);
    } finally {
      cancelTimer();
      outer?.removeEventListener('abort', onOuterAbort);
    }
  };

  return {
    async request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>> {
      const page = new URL(deps.navigation.href());
      const url = new URL(request.url, page);
      const ownApi = isOwnApi(url, page.origin);
      appendParams(url.searchParams, request.query);
      // spec §7: tid on our API's URLs only, never on third-party ones.
      if (ownApi) url.searchParams.set(TRACK_ID_PARAM, trackId());
      const init = buildInit(request, url, ownApi);

      const { status, ok, text } = await fetchWithTimeout(url, init, request);
      let data: unknown = text;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: keep the text.
      }

      const code = envelopeCode(data);
      const error = (message: string) => {
        const msg = envelopeText(data, 'msg');
        const err = envelopeText(data, 'error');
        return new ApiError({
          message,
          code,
          status,
          url: reportableUrl(url),
          ...(msg !== undefined ? { msg } : {}),
          ...(err !== undefined ? { error: err } : {}),
        });
      };

      if (status === BAD_GATEWAY_STATUS || isNoServiceBody(data)) {
        goToNoService();
        throw error('Service unavailable');
      }
      if (status === UNAUTHORIZED_CODE || code === UNAUTHORIZED_CODE) {
        startLogin();
        throw error('Login required');
      }
      if (!ok) {
        const failure = error(`HTTP ${status}`);
        deps.logger.report(failure, { kind: INTERFACE_EXCEPTION, url: failure.url, status });
        throw failure;
      }
      return { status, data: data as T };
    },
  };
}
