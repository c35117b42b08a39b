import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { DatabaseUnavailableError } from '../db/errors';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/** A readiness probe answers within this even when the database hangs. */
const READY_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness for orchestrators and load balancers, kept apart (issue 17):
 * - GET /mp/api/health (liveness): the process runs and serves; never touches the database, so
 *   a database outage does not get healthy nodes restarted.
 * - GET /mp/api/health/ready (readiness): 200 when the database answers `SELECT 1`, else 503
 *   with Retry-After, so a balancer sends traffic elsewhere until it is back.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'ops.health',
    auth: 'none',
    handler: async () =>
      ok({ status: 'ok', db: ctx.db.driver, activities: ctx.config.activities.size }),
  });

  defineRoute(app, ctx, {
    call: 'ops.health/ready',
    auth: 'none',
    handler: async () => {
      const timeout = new AbortController();
      try {
        await Promise.race([
          ctx.db.query('SELECT 1'),
          sleep(READY_TIMEOUT_MS, undefined, { signal: timeout.signal }).then(() => {
            throw new DatabaseUnavailableError('readiness check timed out');
          }),
        ]);
      } finally {
        timeout.abort();
      }
      return ok({ status: 'ready', db: ctx.db.driver });
    },
  });
}
