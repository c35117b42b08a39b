import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_BATCH } from '../../src/contracts/client-events';
import { CLIENT_EVENTS_OPS_PATH } from '../src/routes/client-events';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

// spec §4: "Share result events: success, error, save-image success, save-image error" — pages
// send them as beacons and the campaign owner reads them counted per activity and channel.
const REPORT = '/mp/api/clientEvent/report';
const TOKEN = 'ops-secret-token';
const share = (outcome: string, channel = 'app', activity = 'demo-luckdraw') => ({
  event: 'share-result',
  outcome,
  channel,
  activity,
});

interface Totals {
  days: number;
  counts: { activity: string; channel: string; event: string; outcome: string; count: number }[];
}

describe('client events (routes/client-events.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      poolSize: 10,
      config: { opsToken: TOKEN, rateLimit: { capacity: 1000, refillPerSecond: 0 } },
    });
  });
  afterAll(() => t.close());

  const report = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: REPORT,
      payload: payload as Record<string, unknown>,
      headers,
    });
  const totals = async (query = '', authorization = `Bearer ${TOKEN}`) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${CLIENT_EVENTS_OPS_PATH}${query}`,
      headers: authorization ? { authorization } : {},
    });
    return {
      status: res.statusCode,
      totals: res.statusCode === 200 ? (res.json() as Totals) : null,
    };
  };

  it('counts share results per activity, channel and outcome, logged in or not', async () => {
    const cookie = await login(t.app, '13700000011');
    const one = await report(
      {
        release: 'r1',
        records: [share('success'), share('success'), share('error', 'wechat-menu')],
      },
      { cookie },
    );
    expect(body(one)).toMatchObject({ code: 0, result: { counted: 3 } });
    await report({ release: 'r1', records: [share('success'), share('success', 'app', 'other')] });
    const { totals: read } = await totals('?activity=demo-luckdraw');
    expect(read?.counts).toEqual([
      {
        activity: 'demo-luckdraw',
        channel: 'app',
        event: 'share-result',
        outcome: 'success',
        count: 3,
      },
      {
        activity: 'demo-luckdraw',
        channel: 'wechat-menu',
        event: 'share-result',
        outcome: 'error',
        count: 1,
      },
    ]);
    const all = (await totals()).totals;
    expect(all?.days).toBe(7);
    expect(all?.counts.find((c) => c.activity === 'other')?.count).toBe(1);
  });

  it('refuses malformed batches with 400 and counts nothing of them', async () => {
    const before = (await totals()).totals?.counts ?? [];
    for (const payload of [
      { release: 'x', records: [] },
      {
        release: 'x',
        records: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => share('success')),
      },
      { release: 'x', records: [{ ...share('success'), event: '' }] },
      // Counters' keys are short names, never free text (a hostile page cannot store markup).
      { release: 'x', records: [{ ...share('success'), channel: '<script>alert(1)</script>' }] },
      { release: 'x', records: [{ ...share('success'), activity: 'a'.repeat(65) }] },
      { release: 'x', records: 'nope' },
    ]) {
      expect((await report(payload)).statusCode).toBe(400);
    }
    expect((await totals()).totals?.counts).toEqual(before);
  });

  it('loses no count when many pages report the same counter at once', async () => {
    const pages = 40;
    const perPage = 5;
    const results = await Promise.all(
      Array.from({ length: pages }, (_, i) =>
        report(
          {
            release: 'r',
            records: Array.from({ length: perPage }, () =>
              share('save-image-success', 'album', 'race'),
            ),
          },
          { 'x-forwarded-for': `10.1.0.${i}` },
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const counted = (await totals('?activity=race')).totals?.counts;
    expect(counted).toEqual([
      {
        activity: 'race',
        channel: 'album',
        event: 'share-result',
        outcome: 'save-image-success',
        count: pages * perPage,
      },
    ]);
  });

  it('shows the read-out only with the OPS_TOKEN, and bounds its window', async () => {
    expect((await totals('', '')).status).toBe(404);
    expect((await totals('', 'Bearer wrong')).status).toBe(404);
    expect((await totals('?days=100000')).totals?.days).toBe(366);
    expect((await totals('?days=-3')).totals?.days).toBe(1);
  });
});

describe('client events rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimit: { capacity: 2, refillPerSecond: 0 } } });
  });
  afterAll(() => t.close());

  it('limits anonymous reporters (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: REPORT,
        payload: { release: 'r', records: [share('success')] },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});
