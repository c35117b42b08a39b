import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { findActivity, requireActivity } from '../domain/activity-guard';
import { addDays, campaignDay } from '../domain/campaign-time';
import { claimOf, idempotent } from '../domain/idempotency';
import { signIn, signState } from '../domain/sign-in';
import { defineRoute } from '../http/define-route';
import { ok } from '../http/envelope';

/** Daily sign-in and new-user sign packets (spec §7). Rules in domain/sign-in.ts. */
export function registerSignInRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Two clients, two names for the same action: POST signIn and GET sign.
  for (const name of ['signIn', 'sign'] as const) {
    defineRoute(app, ctx, {
      call: `generalActivity.${name}`,
      auth: 'user',
      handler: async ({ input, userId, request }) => {
        const activity = requireActivity(ctx, input.activityCode, 'signIn');
        // A retry with the same key replays "awarded" instead of "already signed" (issue 17).
        const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => ({
          ...(await signIn(tx, userId, activity, 'daily', ctx.now())),
          signStatus: 1,
        }));
        return ok(result);
      },
    });
  }

  defineRoute(app, ctx, {
    call: 'generalActivity.querySignIn',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const day = campaignDay(ctx.now());
      const state = await signState(ctx.db, userId, activity.activityCode, 'daily', day);
      const rewards = activity.signIn.rewards;
      // The cycle the page draws: day 1..n of the current streak, today included.
      const cycle = Math.max(rewards.length, 1);
      const position = state.signedToday ? (state.signCount - 1) % cycle : state.signCount % cycle;
      const cycleStart = addDays(day, -position);
      const days = rewards.map((r, i) => {
        const date = addDays(cycleStart, i);
        return { day: i + 1, date, label: r.label, signed: state.signedDays.includes(date) };
      });
      return ok({
        signStatus: state.signedToday ? 1 : 0,
        signCount: state.signCount,
        today: day,
        days,
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.newUser/openSignPacket',
    auth: 'user',
    handler: async ({ input, userId, request }) => {
      const activity = requireActivity(ctx, input.activityCode, 'signIn');
      return ok(
        await idempotent(ctx.db, userId, claimOf(request), (tx) =>
          signIn(tx, userId, activity, 'newUserPacket', ctx.now()),
        ),
      );
    },
  });
}
