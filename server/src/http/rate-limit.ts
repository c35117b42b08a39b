import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { actionKeyedRedisStore } from './redis-rate-store';

/**
 * Per-user limits of the costly actions (draw, claim, vote, upload), through @fastify/rate-limit
 * (issue 17): its store is Redis when the app gets a client (env REDIS_URL, main.ts), so every
 * node behind a load balancer counts against the same window; in memory otherwise (one node).
 * The check runs as a preHandler after login and after an idempotent replay (define-route.ts),
 * before any handler work, so a refused call (429) consumes nothing.
 */
export type RateLimitedAction = 'draw' | 'claim' | 'vote' | 'upload' | 'report' | 'event';

export const RATE_LIMITED_ACTIONS: readonly RateLimitedAction[] = [
  'draw',
  'claim',
  'vote',
  'upload',
  // Error reports (routes/client-errors.ts), checked by the route itself: pages report logged out too.
  'report',
  // Counted events (routes/client-events.ts), the same way: shares are counted logged out too.
  'event',
];

export interface RateLimitSettings {
  /** Calls allowed per user and action in one window. */
  capacity: number;
  /** The window is capacity / refillPerSecond seconds: the same average rate as a bucket. */
  refillPerSecond: number;
}

/** A window long enough to mean "never refills" when the rate is 0 (tests). */
const CLOSED_WINDOW_MS = 3_600_000;

export function windowMs(settings: RateLimitSettings): number {
  if (settings.refillPerSecond <= 0) return CLOSED_WINDOW_MS;
  return Math.max(1, Math.round((settings.capacity / settings.refillPerSecond) * 1000));
}

/** true = go on; a number = refused, seconds until the window resets (Retry-After). */
export type RateCheck = (
  request: FastifyRequest,
  action: RateLimitedAction,
) => Promise<true | number>;

/** Prefix of the limits' keys in Redis (env RATE_LIMIT_NAMESPACE). */
export const DEFAULT_RATE_LIMIT_NAMESPACE = 'mp-rate-limit:';

export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  redis: Redis | null,
  nameSpace = DEFAULT_RATE_LIMIT_NAMESPACE,
): Promise<RateCheck> {
  await app.register(fastifyRateLimit, {
    global: false,
    max: settings.capacity,
    timeWindow: windowMs(settings),
    // Memory store: an LRU of this many keys (users x actions in one window).
    cache: 100_000,
    ...(redis ? { store: actionKeyedRedisStore(redis, nameSpace) } : {}),
    // Redis unreachable: let the call through and log. The rules that matter (stock, chances,
    // once-a-day) live in PostgreSQL; a limit that fails open only lets a user go faster.
    skipOnError: true,
  });
  const limiters = new Map(
    RATE_LIMITED_ACTIONS.map((action) => [
      action,
      app.createRateLimit({
        keyGenerator: (request) => `${action}:${request.userId ?? request.ip}`,
      }),
    ]),
  );
  return async (request, action) => {
    const limiter = limiters.get(action);
    if (!limiter) return true;
    const limit = await limiter(request);
    if (limit.isAllowed || !limit.isExceeded) return true;
    return Math.max(1, limit.ttlInSeconds);
  };
}
