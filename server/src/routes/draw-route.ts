import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { ActivityConfig } from '../config/activity-config';
import { PAUSED_ERROR, requireActivity } from '../domain/activity-guard';
import { draw } from '../domain/draw';
import type { DrawOutcome, DrawPayment } from '../domain/draw';
import { claimOf, storedResponse } from '../domain/idempotency';
import { defineRoute } from '../http/define-route';
import { ApiError, ok } from '../http/envelope';

export const activityCode = z.string().min(1).max(64);
export const byCode = z.object({ activityCode });

/** The calls the draw answers (src/contracts/draws.ts `draw`: drawInput in, drawResult out). */
type DrawCallName =
  | 'generalActivity.luckDraw'
  | 'generalActivity.luckDraw.get'
  | 'generalActivity.flashLuckDraw'
  | 'generalActivity.goldRichDraw'
  | 'youkuActivity.youkuUserDraw'
  | `newPhone.${'' | 'q2' | 'q3' | 'q4' | 'q5'}send`;

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
    /** Contracts answered with the draw: each takes drawInput and answers drawResult. */
    call: DrawCallName | readonly [DrawCallName, ...DrawCallName[]];
    source: string;
    payment?: (activity: ActivityConfig) => DrawPayment;
    /** A rule of this call alone, checked before the draw (throws an ApiError to refuse). */
    check?: (activity: ActivityConfig, now: Date) => void;
  },
): void {
  defineRoute(app, ctx, {
    call: spec.call,
    auth: 'user',
    // draw_once refuses a user id without a row (401) itself: no separate look-up.
    userRowCheckedByHandler: true,
    rateLimit: 'draw',
    handler: async ({ input, userId, request, reply }) => {
      let activity: ActivityConfig;
      try {
        activity = requireActivity(ctx, input.activityCode, 'draw');
      } catch (error) {
        // A draw made before an operator paused it, whose answer was lost, is still replayed
        // to its retry (same key): the prize was won. Nothing new is drawn.
        const claim = request.idempotency;
        if (error instanceof ApiError && error.error === PAUSED_ERROR && claim) {
          const stored = await storedResponse(ctx.db, userId, claim);
          if (stored) {
            void reply.header('Idempotent-Replayed', 'true');
            return ok(stored.response as DrawOutcome);
          }
        }
        throw error;
      }
      spec.check?.(activity, ctx.now());
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
