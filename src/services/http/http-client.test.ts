import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NO_SERVICE_BODY_MESSAGES,
  NO_SERVICE_PATH,
  REQUEST_TIMEOUT_MS,
  TRACK_ID_PARAM,
} from '../../spec/constants';
import { createBrowserClock } from '../browser/clock';
import { createMemoryCookies } from '../browser/cookies';
import { ApiError, TimeoutError } from './errors';
import { createHttpClient, INTERFACE_EXCEPTION, type FetchLike } from './http-client';

const PAGE = 'https://m.example.test/mp/activity/luckDraw?from=x';

interface Sent {
  url: URL;
  init: RequestInit;
}

function setup(
  options: { page?: string; respond?: (sent: Sent) => Response | Promise<Response> } = {},
) {
  const sent: Sent[] = [];
  const respond = options.respond ?? (() => Response.json({ code: 0, result: 'ok' }));
  const fetch: FetchLike = vi.fn(async (input: string, init: RequestInit) => {
    const call = { url: new URL(input), init };
    sent.push(call);
    return respond(call);
  });
  let page = new URL(options.page ?? PAGE);
  const navigation = {
    href: () => page.href,
    pathname: () => page.pathname,
    assign: vi.fn((to: string) => {
      page = new URL(to, page);
    }),
  };
  let finishLogin: () => void = () => undefined;
  const auth = {
    login: vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finishLogin = resolve;
        }),
    ),
  };
  const logger = { report: vi.fn() };
  const cookies = createMemoryCookies({ session_ph: 'p1', other: 'no', device_ph: 'p2' });
  const http = createHttpClient({
    fetch,
    clock: createBrowserClock(),
    navigation,
    auth,
    logger,
    cookies,
    trackId: 'track-1',
  });
  return { http, sent, navigation, auth, logger, finishLogin: () => finishLogin() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('http client defaults (spec §7)', () => {
  it('adds tid to our API URLs, with the query params', async () => {
    const { http, sent } = setup();
    await http.request({ method: 'GET', url: '/mp/api/x/y', query: { a: 1, b: null, c: [1] } });
    const url = sent[0]?.url;
    expect(url?.pathname).toBe('/mp/api/x/y');
    expect(url?.searchParams.get(TRACK_ID_PARAM)).toBe('track-1');
    expect(url?.searchParams.get('a')).toBe('1');
    expect(url?.searchParams.has('b')).toBe(false);
    expect(url?.searchParams.get('c')).toBe('[1]');
  });

  it('never adds tid to third-party URLs or same-origin paths outside /mp/api/', async () => {
    const { http, sent } = setup();
    await http.request({ method: 'GET', url: 'https://cdn.other.test/mp/api/x' });
    await http.request({ method: 'GET', url: '/mp/activity/static.json' });
    await http.request({ method: 'GET', url: 'http://m.example.test/mp/api/x' });
    for (const { url } of sent) expect(url.searchParams.has(TRACK_ID_PARAM)).toBe(false);
  });

  it('sends no-cache and same-origin credentials on every request', async () => {
    const { http, sent } = setup();
    await http.request({ method: 'GET', url: 'https://cdn.other.test/a' });
    await http.request({ method: 'POST', url: '/mp/api/x', body: {} });
    for (const { init } of sent) {
      expect(new Headers(init.headers).get('Cache-Control')).toBe('no-cache');
      expect(init.credentials).toBe('same-origin');
    }
  });

  it('form-encodes POST bodies and forwards the _ph cookies in them', async () => {
    const { http, sent } = setup();
    await http.request({ method: 'POST', url: '/mp/api/x', body: { a: 'b c', n: 2, o: { k: 1 } } });
    const { init, url } = sent[0] ?? {};
    expect(new Headers(init?.headers).get('Content-Type')).toMatch(/x-www-form-urlencoded/);
    const form = new URLSearchParams(String(init?.body));
    expect(Object.fromEntries(form)).toEqual({
      a: 'b c',
      n: '2',
      o: '{"k":1}',
      session_ph: 'p1',
      device_ph: 'p2',
    });
    expect(url?.searchParams.has('session_ph')).toBe(false);
  });

  it('sends a JSON body as is and the _ph cookies as query parameters', async () => {
    const { http, sent } = setup();
    const body = JSON.stringify({ a: 1 });
    await http.request({
      method: 'POST',
      url: '/mp/api/x',
      body,
      headers: { 'Content-Type': 'application/json' },
    });
    const { init, url } = sent[0] ?? {};
    expect(init?.body).toBe(body);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(url?.searchParams.get('session_ph')).toBe('p1');
    expect(url?.searchParams.get('device_ph')).toBe('p2');
    expect(url?.searchParams.has('other')).toBe(false);
  });

  it('serialises a record body as JSON when the JSON type is set', async () => {
    const { http, sent } = setup();
    await http.request({
      method: 'POST',
      url: '/mp/api/x',
      body: { a: 1 },
      headers: { 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(sent[0]?.init.body).toBe('{"a":1}');
  });

  it('sends multipart bodies as is, letting the browser set the boundary', async () => {
    const { http, sent } = setup();
    const form = new FormData();
    form.append('file', 'data');
    await http.request({
      method: 'POST',
      url: '/mp/api/file/uploadImage',
      body: form,
      headers: { 'Content-Type': 'multipart/form-data' },
    });
    const { init, url } = sent[0] ?? {};
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    expect(url?.searchParams.get('session_ph')).toBe('p1');
  });

  it('never sends the _ph cookies to third parties, nor on GETs', async () => {
    const { http, sent } = setup();
    await http.request({ method: 'POST', url: 'https://cdn.other.test/upload', body: { a: 1 } });
    await http.request({
      method: 'POST',
      url: 'https://cdn.other.test/upload',
      body: new FormData(),
    });
    await http.request({ method: 'GET', url: '/mp/api/x' });
    for (const { url, init } of sent) {
      expect(url.search).not.toContain('_ph');
      expect(String(init.body ?? '')).not.toContain('_ph');
    }
  });

  it('times out after 10 s with a TimeoutError', async () => {
    const { http } = setup({ respond: () => new Promise<Response>(() => undefined) });
    const pending = http.request({ method: 'GET', url: '/mp/api/slow' });
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toMatch(/timed out after 10000 ms/);
  });

  it('aborts the fetch when the time is up', async () => {
    let signal: AbortSignal | null | undefined;
    const { http } = setup({
      respond: ({ init }) => {
        signal = init.signal;
        return new Promise<Response>(() => undefined);
      },
    });
    const pending = http.request({ method: 'GET', url: '/mp/api/slow' }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await pending;
    expect(signal?.aborted).toBe(true);
  });

  it('resolves with parsed JSON, or text when the body is not JSON', async () => {
    const { http } = setup({ respond: () => new Response('plain') });
    await expect(http.request({ method: 'GET', url: '/mp/api/t' })).resolves.toEqual({
      status: 200,
      data: 'plain',
    });
  });
});

describe('http error catalogue (spec §8)', () => {
  it('sends the browser to the no-service page on HTTP 502, once', async () => {
    const { http, navigation } = setup({ respond: () => new Response('', { status: 502 }) });
    await expect(http.request({ method: 'GET', url: '/mp/api/a' })).rejects.toBeInstanceOf(
      ApiError,
    );
    await expect(http.request({ method: 'GET', url: '/mp/api/b' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(navigation.assign).toHaveBeenCalledTimes(1);
    expect(navigation.assign).toHaveBeenCalledWith(NO_SERVICE_PATH);
  });

  for (const message of NO_SERVICE_BODY_MESSAGES) {
    it(`treats code 0 with "${message.slice(0, 24)}…" as no service`, async () => {
      const { http, navigation } = setup({
        respond: () => Response.json({ code: 0, msg: `${message} service-x` }),
      });
      await expect(http.request({ method: 'GET', url: '/mp/api/a' })).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(navigation.assign).toHaveBeenCalledWith(NO_SERVICE_PATH);
    });
  }

  it('does not treat the same message with another code as no service', async () => {
    const { http, navigation } = setup({
      respond: () => Response.json({ code: 5, msg: NO_SERVICE_BODY_MESSAGES[0] }),
    });
    await http.request({ method: 'GET', url: '/mp/api/a' });
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('never redirects from the no-service page itself (no loop)', async () => {
    const { http, navigation } = setup({
      page: `https://m.example.test${NO_SERVICE_PATH}`,
      respond: () => new Response('', { status: 502 }),
    });
    await expect(http.request({ method: 'GET', url: '/mp/api/a' })).rejects.toThrow();
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('starts login on HTTP 401 and never re-enters it while it runs', async () => {
    const { http, auth, finishLogin } = setup({ respond: () => new Response('', { status: 401 }) });
    const first = http.request({ method: 'GET', url: '/mp/api/a' });
    await expect(first).rejects.toMatchObject({ status: 401 });
    await expect(http.request({ method: 'GET', url: '/mp/api/b' })).rejects.toThrow();
    expect(auth.login).toHaveBeenCalledTimes(1);
    finishLogin();
    await vi.advanceTimersByTimeAsync(0);
    await expect(http.request({ method: 'GET', url: '/mp/api/c' })).rejects.toThrow();
    expect(auth.login).toHaveBeenCalledTimes(2);
  });

  it('starts login on body code 401', async () => {
    const { http, auth, logger } = setup({ respond: () => Response.json({ code: 401 }) });
    await expect(http.request({ method: 'GET', url: '/mp/api/a' })).rejects.toMatchObject({
      code: 401,
      status: 200,
    });
    expect(auth.login).toHaveBeenCalledTimes(1);
    expect(logger.report).not.toHaveBeenCalled();
  });

  it('reports other HTTP errors as interface exceptions with url and status, then rethrows', async () => {
    const { http, logger, navigation, auth } = setup({
      respond: () => Response.json({ code: 9, msg: 'boom' }, { status: 500 }),
    });
    const error: unknown = await http
      .request({ method: 'GET', url: '/mp/api/a?secret=1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 500,
      code: 9,
      msg: 'boom',
      url: 'https://m.example.test/mp/api/a',
    });
    expect(logger.report).toHaveBeenCalledWith(error, {
      kind: INTERFACE_EXCEPTION,
      url: 'https://m.example.test/mp/api/a',
      status: 500,
    });
    expect(navigation.assign).not.toHaveBeenCalled();
    expect(auth.login).not.toHaveBeenCalled();
  });
});
