import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DatabaseUnavailableError } from '../db/errors';
import type { Db, PoolStats } from '../db/types';
import { ApiError } from '../http/envelope';
import type { RateLimitedAction } from '../http/rate-limit';

/**
 * The service's Prometheus metrics (issue 35), one registry per app so tests and several apps in
 * one process never share counts. Served apart from the public API (metrics-routes.ts).
 * Labels stay bounded: a route is its pattern (`/mp/api/…/:id`), never the raw URL.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** One answered HTTP request (an onResponse hook calls it). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** A session was issued (the one place login issues one: auth/login-routes.ts). */
  signedIn(): void;
  /** The rate limit refused an action (http/rate-limit.ts). */
  refusedByRateLimit(action: RateLimitedAction): void;
  /** Counts a draw by its outcome once it settles; resolves or rejects as `pending` does. */
  countDraw<T extends { prizeType: string }>(pending: Promise<T>): Promise<T>;
}

/** Latency buckets (seconds): a draw is a few ms, a page ~10 ms, an upload up to seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

export function createMetrics(options: {
  /** The database whose pool is reported (its poolStats; absent: no pool gauges move). */
  db: Db;
  /**
   * Process metrics (CPU, memory, GC, event-loop lag) from prom-client; default on. Once per
   * process: the event-loop monitor and the GC observer they start are never stopped.
   */
  processMetrics?: boolean;
}): AppMetrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered 4xx or 5xx, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const draws = new Counter({
    name: 'campaign_draws_total',
    help:
      'Draws by outcome: prize (detail: the prize type, thanks included), refused (detail: the ' +
      'error, such as NO_CHANCE), unavailable (the database was away) or error',
    labelNames: ['outcome', 'detail'] as const,
    registers,
  });
  const signIns = new Counter({
    name: 'campaign_sign_ins_total',
    help: 'Sessions issued by the sign-in',
    registers,
  });
  const refusals = new Counter({
    name: 'http_rate_limit_refusals_total',
    help: 'Calls the per-user rate limit refused, by action',
    labelNames: ['action'] as const,
    registers,
  });
  /** A gauge read from the pool when scraped. */
  const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = options.db.poolStats?.();
        if (stats) this.set(read(stats));
      },
    });
  poolGauge(
    'db_pool_in_use_connections',
    'Database connections running a query or a transaction',
    (s) => s.inUse,
  );
  poolGauge(
    'db_pool_idle_connections',
    'Open database connections waiting for work',
    (s) => s.idle,
  );
  poolGauge(
    'db_pool_waiting_requests',
    'Queries and transactions waiting for a free database connection',
    (s) => s.waiting,
  );

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requests.inc({ method, route, status_code: String(statusCode) });
      if (statusCode >= 400) errors.inc({ method, route, status_class: statusClass(statusCode) });
      latency.observe({ method, route }, seconds);
    },
    signedIn: () => signIns.inc(),
    refusedByRateLimit: (action) => refusals.inc({ action }),
    async countDraw(pending) {
      try {
        const outcome = await pending;
        draws.inc({ outcome: 'prize', detail: outcome.prizeType });
        return outcome;
      } catch (error) {
        if (error instanceof ApiError) {
          const outcome = error.status === 503 ? 'unavailable' : 'refused';
          draws.inc({ outcome, detail: error.error });
        } else {
          // What the error handler will answer: 503 for a database away, else 500.
          draws.inc(
            error instanceof DatabaseUnavailableError
              ? { outcome: 'unavailable', detail: 'UNAVAILABLE' }
              : { outcome: 'error', detail: 'INTERNAL_ERROR' },
          );
        }
        throw error;
      }
    },
  };
}
