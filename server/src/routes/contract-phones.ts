import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { findActivity } from '../domain/activity-guard';
import { requireOngoing } from '../domain/benefit-guard';
import { applyForContract, myApplication, offerView } from '../domain/contract-phones';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/**
 * The contract-phone pages (/contract, /contract-beta, /contract-new; ours, issue 32): the
 * phones, plans and subsidies of the activity's offer (benefits.contractPhone, written by an
 * operator: docs/authoring.md), and the user's one application.
 */
export function registerContractPhoneRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'contractPhone.offers',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      return ok({
        ...offerView(activity),
        myApplication: userId ? await myApplication(ctx.db, userId, activity.activityCode) : null,
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'contractPhone.apply',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      return ok(await applyForContract(ctx.db, activity, userId, input, ctx.now()));
    },
  });
}
