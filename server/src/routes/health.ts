import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { defineRoute } from '../http/define-route';
import { ApiError, ok } from '../http/envelope';

/** GET /mp/api/health: 200 when the database answers, 503 otherwise (for load balancers). */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/mp/api/health',
    input: z.object({}),
    auth: 'none',
    handler: async () => {
      try {
        await ctx.db.query('SELECT 1');
      } catch {
        throw new ApiError(503, 'database unavailable', 'UNAVAILABLE');
      }
      return ok({ status: 'ok', db: ctx.db.driver, activities: ctx.config.activities.size });
    },
  });
}
