import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERRORS_OPS_PATH, MAX_REPORTS_PER_BATCH } from '../src/routes/client-errors';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

// spec §8 row 3: other HTTP errors are reported "to an error-reporting service as an interface
// exception with url and status"; the reference server is that service (issue 18).
const REPORT = '/mp/api/clientError/report';
const TOKEN = 'ops-secret-token';
const record = (n: number) => ({
  kind: 'interface exception',
  message: `HTTP 503 #${n}`,
  page: '/mp/activity/luckDraw',
  url: '/mp/api/generalActivity/luckDraw',
  status: 503,
});

describe('client error reports (routes/client-errors.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { opsToken: TOKEN, rateLimit: { capacity: 3, refillPerSecond: 0 } },
    });
  });
  afterAll(() => t.close());

  const report = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: REPORT,
      payload: payload as Record<string, unknown>,
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) test', ...headers },
    });
  const recent = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${CLIENT_ERRORS_OPS_PATH}?limit=10`,
      headers: authorization ? { authorization } : {},
    });

  it('stores a batch with page, release, user agent, url and status, and the user when logged in', async () => {
    const cookie = await login(t.app, '13700000001');
    const res = await report(
      {
        release: 'abc123',
        records: [record(1), { kind: 'widget', message: 'boom', page: '/mp/activity/' }],
      },
      { cookie },
    );
    expect(body(res)).toMatchObject({ code: 0, result: { stored: 2 } });
    const listed = (await recent(`Bearer ${TOKEN}`)).json() as { errors: unknown[] };
    expect(listed.errors).toHaveLength(2);
    expect(listed.errors[1]).toMatchObject({
      kind: 'interface exception',
      message: 'HTTP 503 #1',
      page: '/mp/activity/luckDraw',
      url: '/mp/api/generalActivity/luckDraw',
      status: 503,
      release: 'abc123',
      userAgent: 'Mozilla/5.0 (Linux; Android 14) test',
      userId: userIdOf(cookie),
    });
    expect(listed.errors[0]).toMatchObject({ url: null, status: null });
  });

  it('refuses malformed and oversized batches with 400 and stores nothing of them', async () => {
    const before = (await recent(`Bearer ${TOKEN}`)).json() as { errors: unknown[] };
    for (const payload of [
      { release: 'x', records: [] },
      {
        release: 'x',
        records: Array.from({ length: MAX_REPORTS_PER_BATCH + 1 }, (_, i) => record(i)),
      },
      { release: 'x', records: [{ ...record(1), status: 'bad' }] },
      { release: 'x'.repeat(65), records: [record(1)] },
    ]) {
      expect((await report(payload, { 'x-forwarded-for': '10.0.0.9' })).statusCode).toBe(400);
    }
    const after = (await recent(`Bearer ${TOKEN}`)).json() as { errors: unknown[] };
    expect(after.errors).toHaveLength(before.errors.length);
  });

  it('limits anonymous reporters too (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await report({ release: 'r', records: [record(i)] });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('shows the operators page only with the OPS_TOKEN', async () => {
    expect((await recent()).statusCode).toBe(404);
    expect((await recent('Bearer wrong')).statusCode).toBe(404);
    expect((await recent(`Bearer ${TOKEN}`)).statusCode).toBe(200);
  });
});
