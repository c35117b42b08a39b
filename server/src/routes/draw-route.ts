import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { ActivityConfig } from '../config/activity-config';
import { requireActivity } from '../domain/activity-guard';
import { draw } from '../domain/draw';
import type { DrawPayment } from '../domain/draw';
import { claimOf } from '../domain/idempotency';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

export const activityCode = z.string().min(1).max(64);
export const byCode = z.object({ activityCode });

/**
 * spec §7 luckDraw params. The device id and the tap coordinates are accepted (bounded) but
 * not stored: the server picks the prize, so neither can influence it.
 */
export const drawInput = z.object({
  activityCode,
  imei: z.string().max(64).optional(),
  coordinates: z.string().max(100).optional(),
});

const byChance = (): DrawPayment => ({ kind: 'chance' });

/**
 * Registers one draw call: activity and 'draw' switch checked (403, from the config), 'draw' rate
 * limit before anything (429 consumes nothing), then the draw: one database statement that also
 * claims the idempotency key (or replays it) and checks that the user's row exists (decision 0022).
 */
export function defineDrawRoute(
  app: FastifyInstance,
  ctx: AppContext,
  spec: {
    method: 'GET' | 'POST' | readonly ('GET' | 'POST')[];
    url: string;
    source: string;
    payment?: (activity: ActivityConfig) => DrawPayment;
  },
): void {
  defineRoute(app, ctx, {
    method: spec.method,
    url: spec.url,
    input: drawInput,
    auth: 'user',
    // draw_once refuses a user id without a row (401) itself: no separate look-up.
    userRowCheckedByHandler: true,
    rateLimit: 'draw',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'draw');
      const payment = (spec.payment ?? byChance)(activity);
      const result = await ctx.metrics.countDraw(
        draw(ctx.db, activity, userId, {
          payment,
          source: spec.source,
          now: ctx.now(),
          claim: claimOf(request),
        }),
      );
      return ok(result);
    },
  });
}
