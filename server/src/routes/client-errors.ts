import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { recentClientErrors, storeClientErrors } from '../domain/client-errors';
import { defineRoute } from '../http/define-route';
import { ApiError, ok } from '../http/envelope';
import { hasOpsToken } from '../http/ops-token';

/** Where the people who run the service read the latest reports (OPS_TOKEN, docs/server.md). */
export { MAX_REPORTS_PER_BATCH } from '../../../src/contracts/client-errors';
export const CLIENT_ERRORS_OPS_PATH = '/ops/client-errors';

/**
 * spec §8 row 3: "other HTTP errors are reported to an error-reporting service as an interface
 * exception with url and status". No third-party service is reachable, so the reference server is
 * that service (a call of ours): pages send batched beacons, rate-limited per user or address, and
 * an operator reads the newest reports at /ops/client-errors with the OPS_TOKEN
 * (`npm run ops:errors`).
 */
export function registerClientErrorRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'clientError.report',
    auth: 'optional',
    handler: async ({ input, userId, request, reply }) => {
      // Anonymous pages report too, so the limit is keyed by user or address (rate-limit.ts).
      const verdict = await ctx.rateCheck(request, 'report');
      if (verdict !== true) {
        reply.header('Retry-After', String(verdict));
        throw new ApiError(429, 'too many reports, try again shortly');
      }
      const stored = await storeClientErrors(ctx.db, {
        release: input.release,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
        userId,
        records: input.records.map((record) => ({
          kind: record.kind,
          message: record.message,
          page: record.page,
          // Fastify's validator coerces a JSON null to '' for a string: both mean "no url".
          url: record.url || null,
          status: record.status ?? null,
        })),
      });
      return ok({ stored });
    },
  });

  app.get<{ Querystring: { limit?: string } }>(
    CLIENT_ERRORS_OPS_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      // Without OPS_TOKEN the page does not exist; a wrong token learns nothing more.
      if (!hasOpsToken(request.headers.authorization, ctx.config.opsToken)) {
        return reply.code(404).send();
      }
      const limit = Math.min(Math.max(Number(request.query.limit) || 50, 1), 500);
      return { errors: await recentClientErrors(ctx.db, limit) };
    },
  );
}
