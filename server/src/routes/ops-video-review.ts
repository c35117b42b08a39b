import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { decideGuide, pendingGuides } from '../domain/video-review';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';
import { SHARED_OPERATOR } from '../http/ops-token';

/**
 * The operators' review queue of user videos (issue 32): list the pending guides, approve one,
 * or reject one with the reason its submitter will read. OPS_TOKEN only (auth 'ops'); each
 * decision is logged with the operator's name and the time (domain/video-review.ts).
 */
export function registerOpsVideoReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'ops.videoGuide/queue',
    auth: 'ops',
    handler: async ({ input }) =>
      ok(await pendingGuides(ctx.db, input.activityCode ?? null, input.limit)),
  });

  defineRoute(app, ctx, {
    call: 'ops.videoGuide/approve',
    auth: 'ops',
    handler: async ({ input, operator }) =>
      ok(
        await decideGuide(
          ctx.db,
          {
            guideId: input.guideId,
            operator: reviewer(operator, input.operator),
            decision: 'approved',
            reason: null,
          },
          ctx.now(),
        ),
      ),
  });

  defineRoute(app, ctx, {
    call: 'ops.videoGuide/reject',
    auth: 'ops',
    handler: async ({ input, operator }) =>
      ok(
        await decideGuide(
          ctx.db,
          {
            guideId: input.guideId,
            operator: reviewer(operator, input.operator),
            decision: 'rejected',
            reason: input.reason,
          },
          ctx.now(),
        ),
      ),
  });
}

/**
 * Who decided, as the review log keeps it: the operator the token names (OPS_OPERATORS, as the
 * live switch records it), else, for the shared OPS_TOKEN, the name the reviewer typed.
 */
function reviewer(authenticated: string, typed: string): string {
  return authenticated === SHARED_OPERATOR ? typed : authenticated;
}
