import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { clientEventTotals, countClientEvents } from '../domain/client-events';
import { defineRoute } from '../http/define-route';
import { ApiError, ok } from '../http/envelope';
import { hasOpsToken } from '../http/ops-token';

/** Where the campaign owner reads the counts (OPS_TOKEN, docs/server.md). */
export const CLIENT_EVENTS_OPS_PATH = '/ops/client-events';
/** The read-out covers this many days unless asked otherwise, and never more than the maximum. */
export const CLIENT_EVENTS_DEFAULT_DAYS = 7;
export const CLIENT_EVENTS_MAX_DAYS = 366;

/**
 * spec §4 share result events: pages send them (with documents' track actions) as batched
 * beacons, best effort; the server counts them per day, activity, channel, event and outcome.
 * Anonymous pages count too, so the limit is keyed by user or address (rate-limit.ts). The
 * counts are what a page says happened: a read-out for the campaign owner, not a ledger.
 */
export function registerClientEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'clientEvent.report',
    auth: 'optional',
    handler: async ({ input, request, reply }) => {
      const verdict = await ctx.rateCheck(request, 'event');
      if (verdict !== true) {
        reply.header('Retry-After', String(verdict));
        throw new ApiError(429, 'too many events, try again shortly');
      }
      return ok({ counted: await countClientEvents(ctx.db, input.records) });
    },
  });

  app.get<{ Querystring: { activity?: string; days?: string } }>(
    CLIENT_EVENTS_OPS_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      // Without OPS_TOKEN the page does not exist; a wrong token learns nothing more.
      if (!hasOpsToken(request.headers.authorization, ctx.config.opsToken)) {
        return reply.code(404).send();
      }
      const days = Math.min(
        Math.max(Math.trunc(Number(request.query.days)) || CLIENT_EVENTS_DEFAULT_DAYS, 1),
        CLIENT_EVENTS_MAX_DAYS,
      );
      const activity = request.query.activity?.slice(0, 64) || undefined;
      return {
        days,
        ...(activity ? { activity } : {}),
        counts: await clientEventTotals(ctx.db, { days, ...(activity ? { activity } : {}) }),
      };
    },
  );
}
