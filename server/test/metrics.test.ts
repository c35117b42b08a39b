import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../src/observability/metrics';
import type { AppMetrics } from '../src/observability/metrics';
import { buildMetricsServer, METRICS_OPS_PATH } from '../src/observability/metrics-routes';
import { CODE } from './concurrency-helpers';
import { login } from './harness';
import { createLoggedApp } from './logged-app';
import type { LoggedApp } from './logged-app';

const OPS_TOKEN = 'ops-token-for-metrics-0123456789';
const DRAW_ROUTE = '/mp/api/generalActivity/luckDraw';

/** The value of one sample of the exposition text, or undefined when it is not there. */
/**
 * The sum of every series of `name` that has these labels (others may differ: a draw's `detail`
 * is the prize won, which is random); undefined when no series matches.
 */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=[a-zA-Z_])/);
    if (wanted.every((w) => have.includes(w))) sum = (sum ?? 0) + Number(match[3]);
  }
  return sum;
}

// Issue 35 point 5: "Nothing to observe it with. No metrics endpoint."
describe('Prometheus metrics', () => {
  let t: LoggedApp;
  let metrics: AppMetrics | undefined;
  let metricsServer: FastifyInstance;
  let text: string;

  beforeAll(async () => {
    t = await createLoggedApp({
      staticDir: null,
      // Two draws per window and no refill: the third is refused by the rate limit.
      config: { opsToken: OPS_TOKEN, rateLimit: { capacity: 2, refillPerSecond: 0 } },
      metrics: (db) => (metrics = createMetrics({ db })),
    });
    if (!metrics) throw new Error('the app did not take the metrics');
    metricsServer = await buildMetricsServer(metrics);
    // A few calls: a sign-in, three draws (the last refused), an unknown call.
    const cookie = await login(t.app);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ url: `${DRAW_ROUTE}?activityCode=${CODE}`, headers: { cookie } });
    }
    await t.app.inject({ url: '/mp/api/noSuchCall?x=1' });
    const res = await metricsServer.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    text = res.body;
  });
  afterAll(async () => {
    await metricsServer?.close();
    await t?.close();
  });

  it('counts and times requests by route pattern, with 4xx and 5xx apart', () => {
    const draw = { method: 'GET', route: DRAW_ROUTE };
    expect(sample(text, 'http_requests_total', { ...draw, status_code: '429' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', draw)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...draw, le: '+Inf' })).toBe(3);
    expect(
      sample(text, 'http_request_errors_total', { ...draw, status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    // An unknown URL is one "unmatched" series; no raw URL or query string becomes a label.
    expect(sample(text, 'http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain('noSuchCall');
    expect(text).not.toContain('activityCode');
    expect(text).toMatch(/^# TYPE http_request_errors_total counter$/m);
  });

  it('counts draws by outcome, sign-ins and rate-limit refusals', () => {
    const prizes = sample(text, 'campaign_draws_total', { outcome: 'prize' }) ?? 0;
    const refused = sample(text, 'campaign_draws_total', { outcome: 'refused' }) ?? 0;
    expect(prizes + refused).toBe(2);
    expect(sample(text, 'campaign_sign_ins_total')).toBe(1);
    expect(sample(text, 'http_rate_limit_refusals_total', { action: 'draw' })).toBe(1);
  });

  it('reports the database pool and the event-loop lag', () => {
    expect(sample(text, 'db_pool_in_use_connections')).toBe(0);
    expect(sample(text, 'db_pool_idle_connections')).toBe(1);
    expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('are not on the public port, except at /ops/metrics for a bearer of OPS_TOKEN', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: METRICS_OPS_PATH })).statusCode).toBe(404);
    const wrong = await t.app.inject({
      url: METRICS_OPS_PATH,
      headers: { authorization: `Bearer ${OPS_TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toBe('');
    const ops = await t.app.inject({
      url: METRICS_OPS_PATH,
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
    expect(ops.statusCode).toBe(200);
    expect(sample(ops.body, 'campaign_sign_ins_total')).toBe(1);
  });

  it('the metrics port serves nothing of the public API', async () => {
    expect((await metricsServer.inject({ url: '/mp/api/health' })).statusCode).toBe(404);
    expect((await metricsServer.inject({ url: METRICS_OPS_PATH })).statusCode).toBe(404);
  });
});
