import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../spec/constants';
import { ApiError, TimeoutError } from '../http/errors';
import type { HttpClient, HttpRequest } from '../http/http-client';
import { createApiClient, UnknownApiError } from './api-client';

function setup(data: unknown = { code: 0, result: 'ok' }, status = 200) {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    async request<T>(request: HttpRequest) {
      requests.push(request);
      return { status, data: data as T };
    },
  };
  const api = createApiClient({ http, newIdempotencyKey: () => 'generated-key' });
  return { api, requests };
}

describe('api client', () => {
  it('sends GET params as the query', async () => {
    const { api, requests } = setup();
    await api.call('generalActivity.queryUserState', { activityCode: 'a1' });
    expect(requests[0]).toEqual({
      method: 'GET',
      url: '/mp/api/generalActivity/queryUserState',
      query: { activityCode: 'a1' },
    });
  });

  it('sends POST params as the (form) body', async () => {
    const { api, requests } = setup();
    await api.call('generalActivity.visitIndex', { activityCode: 'a1' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/mp/api/generalActivity/visitIndex',
      body: { activityCode: 'a1' },
    });
    expect(requests[0]?.query).toBeUndefined();
  });

  it('adds the spec §3 common params to every GET query and POST body; call params win', async () => {
    const requests: HttpRequest[] = [];
    const http: HttpClient = {
      async request<T>(request: HttpRequest) {
        requests.push(request);
        return { status: 200, data: { code: 0 } as T };
      },
    };
    let channel = 'push';
    const api = createApiClient({
      http,
      commonParams: () => ({ channel, deviceType: 0, system: 1 }),
    });
    await api.call('generalActivity.queryUserState', { activityCode: 'a1', system: 2 });
    channel = 'sms';
    await api.call('generalActivity.visitIndex', { activityCode: 'a1' });
    expect(requests[0]?.query).toEqual({
      channel: 'push',
      deviceType: 0,
      system: 2,
      activityCode: 'a1',
    });
    expect(requests[1]?.body).toEqual({
      channel: 'sms',
      deviceType: 0,
      system: 1,
      activityCode: 'a1',
    });
  });

  it('sends the idempotency header with a given key', async () => {
    const { api, requests } = setup();
    await api.call('generalActivity.getTaskGroup', {}, { idempotencyKey: 'k-1' });
    expect(requests[0]?.headers).toEqual({ [IDEMPOTENCY_HEADER]: 'k-1' });
  });

  it('generates a key for mutations called without one, and none for reads', async () => {
    const { api, requests } = setup();
    await api.call('generalActivity.luckDraw', {});
    await api.call('generalActivity.getTaskGroup', {});
    expect(requests[0]?.headers).toEqual({ [IDEMPOTENCY_HEADER]: 'generated-key' });
    expect(requests[1]?.headers).toBeUndefined();
  });

  it.each([
    ['with crypto.randomUUID (a secure context)', true],
    ['without it (plain http: the fallback loads then)', false],
  ])('keys a mutation with a random UUID by default, %s', async (_, secure) => {
    const requests: HttpRequest[] = [];
    const http: HttpClient = {
      async request<T>(request: HttpRequest) {
        requests.push(request);
        return { status: 200, data: { code: 0, result: 'ok' } as T };
      },
    };
    const { randomUUID } = globalThis.crypto;
    if (!secure)
      Object.defineProperty(globalThis.crypto, 'randomUUID', {
        value: undefined,
        configurable: true,
      });
    try {
      await createApiClient({ http }).call('generalActivity.luckDraw', {});
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', {
        value: randomUUID,
        configurable: true,
      });
    }
    expect(requests[0]?.headers?.[IDEMPOTENCY_HEADER]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('uses the GET twin of a two-method call', async () => {
    const { api, requests } = setup();
    await api.call('generalActivity.luckDraw.get', { imei: 'x' });
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/mp/api/generalActivity/luckDraw' });
  });

  it('resolves with the envelope when the code is the entry success code', async () => {
    const { api } = setup({ code: 1, result: { id: 7 } });
    await expect(api.call('configActivity.getSingleConfigActivity4c', {})).resolves.toEqual({
      code: 1,
      result: { id: 7 },
    });
  });

  it('rejects code 0 for activity info (its success code is 1), with error and msg', async () => {
    const { api } = setup({ code: 0, error: 'E_X', msg: 'closed' });
    const error: unknown = await api
      .call('configActivity.getSingleConfigActivity4c')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 0, error: 'E_X', msg: 'closed', message: 'closed' });
  });

  it('rejects any other code with an ApiError carrying it', async () => {
    const { api } = setup({ code: 3001, msg: 'no chance' });
    await expect(api.call('generalActivity.luckDraw')).rejects.toMatchObject({
      name: 'ApiError',
      code: 3001,
      status: 200,
      url: '/mp/api/generalActivity/luckDraw',
    });
  });

  it.each(['generalActivity.visitIndex', 'generalActivity.queryUserGoldRichSum'] as const)(
    'spec §8: a failed %s throws an error carrying the code',
    async (name) => {
      const { api } = setup({ code: 5002, msg: 'busy' });
      await expect(api.call(name, { activityCode: 'demo' })).rejects.toMatchObject({
        name: 'ApiError',
        code: 5002,
      });
    },
  );

  it('rejects a body without a numeric code', async () => {
    const { api } = setup('<html>');
    await expect(api.call('leads.status')).rejects.toMatchObject({ code: null });
  });

  it('accepts a numeric-string code', async () => {
    const { api } = setup({ code: '0' });
    await expect(api.call('leads.status')).resolves.toMatchObject({ code: 0 });
  });

  it('rejects unknown names with a suggestion, without any request', async () => {
    const { api, requests } = setup();
    const error: unknown = await api
      .call('generalActivity.luckdraw' as string)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownApiError);
    expect((error as UnknownApiError).suggestion).toBe('generalActivity.luckDraw');
    await expect(api.call('__proto__' as string)).rejects.toBeInstanceOf(UnknownApiError);
    expect(requests).toHaveLength(0);
  });

  it('fills path parameters and refuses unsafe ones', async () => {
    const { api, requests } = setup();
    await api.call('traffic.byToken', { token: 'a/b', x: 1 });
    expect(requests[0]).toEqual({ method: 'GET', url: '/mp/api/traffic/a%2Fb', query: { x: 1 } });
    await expect(api.call('traffic.byToken', { token: '..' })).rejects.toThrow(/path parameter/);
    await expect(api.call('traffic.byToken', {})).rejects.toThrow(/path parameter/);
  });

  it('passes the abort signal on', async () => {
    const { api, requests } = setup();
    const controller = new AbortController();
    await api.call('leads.status', {}, { signal: controller.signal });
    expect(requests[0]?.signal).toBe(controller.signal);
  });

  describe('retry of a call that failed in transit (issue 17)', () => {
    /** An HTTP client that fails the first `failures` sends with `error`, then answers. */
    function flaky(failures: number, error: () => Error) {
      const requests: HttpRequest[] = [];
      const waits: number[] = [];
      const http: HttpClient = {
        async request<T>(request: HttpRequest) {
          requests.push(request);
          if (requests.length <= failures) throw error();
          return { status: 200, data: { code: 0, result: { drawId: 7 } } as T };
        },
      };
      const api = createApiClient({
        http,
        newIdempotencyKey: () => `key-${requests.length}`,
        retry: { delaysMs: [10, 20], sleep: async (ms) => void waits.push(ms) },
      });
      return { api, requests, waits };
    }
    const unavailable = () =>
      new ApiError({ message: 'HTTP 503', code: 503, status: 503, url: '/mp/api/x' });

    it.each([
      ['a network error', () => new TypeError('Failed to fetch')],
      ['a timeout', () => new TimeoutError('/mp/api/x', 10_000)],
      ['a 503', unavailable],
    ])('resends a draw after %s with the same idempotency key', async (_, error) => {
      const { api, requests, waits } = flaky(2, error);
      const res = await api.call('generalActivity.luckDraw', { activityCode: 'a1' });
      expect(res.result).toEqual({ drawId: 7 });
      expect(requests).toHaveLength(3);
      const keys = requests.map((r) => r.headers?.[IDEMPOTENCY_HEADER]);
      expect(new Set(keys)).toEqual(new Set(['key-0']));
      expect(waits).toEqual([10, 20]);
    });

    it('gives up after the last delay and passes the error on', async () => {
      const { api, requests } = flaky(5, unavailable);
      await expect(api.call('generalActivity.signIn', { activityCode: 'a1' })).rejects.toThrow(
        'HTTP 503',
      );
      expect(requests).toHaveLength(3);
    });

    it('never resends a read, a refused call or an aborted one', async () => {
      const read = flaky(1, () => new TypeError('Failed to fetch'));
      await expect(read.api.call('generalActivity.getTaskGroup', {})).rejects.toThrow(TypeError);
      expect(read.requests).toHaveLength(1);
      const refused = flaky(
        1,
        () => new ApiError({ message: 'HTTP 409', code: 409, status: 409, url: '/x' }),
      );
      await expect(refused.api.call('generalActivityCoupon.drawCoupon', {})).rejects.toThrow('409');
      expect(refused.requests).toHaveLength(1);
      const aborted = flaky(1, () => new TypeError('aborted'));
      const controller = new AbortController();
      controller.abort();
      await expect(
        aborted.api.call('generalActivity.luckDraw', {}, { signal: controller.signal }),
      ).rejects.toThrow(TypeError);
      expect(aborted.requests).toHaveLength(1);
    });
  });
});
