import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { ActivityConfig } from '../config/activity-config';
import { requireActivity } from '../domain/activity-guard';
import { drawOnce } from '../domain/draw';
import type { DrawPayment } from '../domain/draw';
import { claimOf, idempotent } from '../domain/idempotency';
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
 * Registers one draw call: activity and 'draw' switch checked (403), 'draw' rate limit before
 * anything (429 consumes nothing), then one idempotent transaction around drawOnce.
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
    rateLimit: 'draw',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'draw');
      const payment = (spec.payment ?? byChance)(activity);
      const result = await idempotent(ctx.db, userId, claimOf(request), (tx) =>
        drawOnce(tx, activity, userId, { payment, source: spec.source, now: ctx.now() }),
      );
      return ok(result);
    },
  });
}
