import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hasOpsToken } from '../http/ops-token';
import type { RateCheck } from '../http/rate-limit';
import type { AppMetrics } from './metrics';

/** The metrics on the public port, for a bearer of OPS_TOKEN only (else 404, as /ops/client-errors). */
export const METRICS_OPS_PATH = '/ops/metrics';
/** The metrics on their own port (METRICS_PORT), where Prometheus looks by default. */
export const METRICS_PATH = '/metrics';

/** Route label of a request that matched no route: one series, not one per URL tried. */
const UNMATCHED_ROUTE = 'unmatched';

async function sendMetrics(metrics: AppMetrics, reply: FastifyReply) {
  const text = await metrics.registry.metrics();
  return reply.type(metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
}

/**
 * Times and counts every answer of `app` by its route pattern, and serves the metrics at
 * /ops/metrics to a bearer of OPS_TOKEN. Register before the routes, so every route is timed.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  opsToken: string | null,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get(METRICS_OPS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!hasOpsToken(request.headers.authorization, opsToken)) return reply.code(404).send();
    return sendMetrics(metrics, reply);
  });
}

/** The rate check, counting each refusal by action. */
export function countingRefusals(check: RateCheck, metrics: AppMetrics): RateCheck {
  return async (request, action) => {
    const verdict = await check(request, action);
    if (verdict !== true) metrics.refusedByRateLimit(action);
    return verdict;
  };
}

/**
 * A server of its own for METRICS_PORT (main.ts): only GET /metrics, no token, no public route,
 * so the port can be left to the scraper's network (bind it with METRICS_HOST).
 */
export async function buildMetricsServer(metrics: AppMetrics): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get(METRICS_PATH, (_request, reply) => sendMetrics(metrics, reply));
  await server.ready();
  return server;
}
