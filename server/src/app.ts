import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from './app-context';
import type { AppConfig } from './config/app-config';
import type { Db } from './db/types';
import { registerOpenApi } from './docs/openapi';
import { LIVE_SWITCH_POLL_MS, LiveSwitchBoard } from './domain/live-switches';
import { errorHandler } from './http/envelope';
import { registerInputRule } from './http/input-rule';
import { registerRateLimits } from './http/rate-limit';
import { previewAwareClock, registerPreviewClock } from './http/preview-clock';
import { registerRequestIdHeader, REQUEST_ID_LOG_LABEL, requestIdOf } from './http/request-id';
import { routeFamilies } from './routes/index';
import { registerCompression } from './static/compression';
import { registerSecurityHeaders } from './static/security-headers';
import { createMetrics } from './observability/metrics';
import type { AppMetrics } from './observability/metrics';
import { countingRefusals, registerMetrics } from './observability/metrics-routes';
import { registerSpa } from './static/spa';

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  /** HMAC key for service tokens (env SESSION_SECRET or server/data/session-secret). */
  secret: string;
  /** vite's dist/ folder; null serves the API only (tests). */
  staticDir: string | null;
  /** pino options (true = defaults, false = silent) or a ready logger. */
  logger?: boolean | Record<string, unknown> | FastifyBaseLogger;
  now?: () => Date;
  /** Shared store of the rate limits (several nodes); null or absent = in memory. */
  redis?: Redis | null;
  /** Prefix of the rate-limit keys in Redis (tests isolate their runs with it). */
  rateLimitNamespace?: string;
  /** Sees every route as it is registered (the generated API reference uses it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Where the app counts (main.ts serves them on METRICS_PORT); absent: its own, without the
   * process metrics.
   */
  metrics?: AppMetrics;
  /** How often this node reads the live switches' version (default LIVE_SWITCH_POLL_MS). */
  liveSwitchPollMs?: number;
}

/** Builds the whole server without listening, so tests drive it with app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const logger = options.logger ?? false;
  const app = Fastify({
    ...(typeof logger === 'object' && 'child' in logger
      ? { loggerInstance: logger as FastifyBaseLogger }
      : { logger }),
    // Accept `/path?` variants and keep bodies small: the only big payload is an image upload.
    bodyLimit: 8 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    // Unique across nodes, or the balancer's own id when well-formed (http/request-id.ts).
    genReqId: requestIdOf,
    // Behind a balancer, request.ip and request.protocol come from its X-Forwarded-* headers,
    // believed only from the addresses configured (TRUST_PROXY; docs/server.md).
    trustProxy: options.config.trustProxy.length > 0 ? [...options.config.trustProxy] : false,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
  });
  // Without metrics of the caller's (tests, the API reference, benches): no process metrics,
  // whose event-loop monitor would run on for as long as the process, one per app built.
  const metrics = options.metrics ?? createMetrics({ db: options.db, processMetrics: false });
  const rateCheck = await registerRateLimits(
    app,
    options.config.rateLimit,
    options.redis ?? null,
    options.rateLimitNamespace,
  );
  // Operators' switches (decision 0042): read once when the app is ready, then polled.
  const switches = new LiveSwitchBoard(options.db, {
    pollMs: options.liveSwitchPollMs ?? LIVE_SWITCH_POLL_MS,
    onError: (error) => app.log.warn({ err: error }, 'live switches: read failed'),
  });
  app.addHook('onReady', () => switches.start());
  app.addHook('onClose', () => switches.stop());
  const realNow = options.now ?? (() => new Date());
  const ctx: AppContext = {
    db: options.db,
    config: options.config,
    secret: options.secret,
    rateCheck: countingRefusals(rateCheck, metrics),
    metrics,
    switches,
    now: options.config.previewClock ? previewAwareClock(realNow) : realNow,
    realNow,
  };
  // Before any other hook: every later step of the request runs on its clock.
  if (options.config.previewClock) registerPreviewClock(app, realNow);
  if (options.onRoute) {
    const observe = options.onRoute;
    app.addHook('onRoute', (route) => observe(route));
  }
  app.decorateRequest('userId', null);
  app.decorateRequest('idempotency', null);
  app.setErrorHandler(errorHandler);
  registerRequestIdHeader(app);
  registerMetrics(app, metrics, options.config.opsToken);
  registerInputRule(app);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await registerCompression(app);
  await registerOpenApi(app);
  for (const family of routeFamilies) await family(app, ctx);
  await registerSpa(app, options.staticDir, ctx.now);
  return app;
}
