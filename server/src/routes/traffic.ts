import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { requireOngoing } from '../domain/benefit-guard';
import { campaignDay } from '../domain/campaign-time';
import { grantReward } from '../domain/rewards';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, ok } from '../http/envelope';

/** 128 random bits in hex: the token names a record without revealing or guessing ids. */
const TOKEN = /^[0-9a-f]{32}$/;
const PARTNER = 'jd';

interface CompletionRow {
  token: string;
  activity_code: string;
  visit_day: string;
  reward_chances: number;
  reward_gold_rice_cents: string | number;
  created_at: Date;
}

const view = (r: CompletionRow) => ({
  token: r.token,
  activityCode: r.activity_code,
  partner: PARTNER,
  day: r.visit_day,
  reward: { chances: r.reward_chances, goldRiceCents: Number(r.reward_gold_rice_cents) },
  completeTime: new Date(r.created_at).getTime(),
});

const SELECT = `SELECT token, activity_code, visit_day::text AS visit_day, reward_chances,
  reward_gold_rice_cents, created_at FROM traffic_completions`;

/**
 * Traffic to the shop partner (spec §7: POST traffic/jdComplete, GET traffic/{token}). A
 * completed visit is recorded and paid once per user, activity and campaign day; its token
 * reads the record back, for its owner only.
 */
export function registerTrafficRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'traffic.jdComplete',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const day = campaignDay(ctx.now());
      const result = await ctx.db.transaction(async (tx) => {
        const won = await tx.query(
          `INSERT INTO traffic_completions (token, user_id, activity_code, partner, visit_day)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING token`,
          [randomBytes(16).toString('hex'), userId, activity.activityCode, PARTNER, day],
        );
        if (won.rowCount > 0) {
          const paid = await grantReward(tx, {
            userId,
            activity,
            reward: activity.benefits.traffic.jdReward,
            reason: 'trafficJd',
            ref: day,
          });
          await tx.query(
            `UPDATE traffic_completions SET reward_chances = $5, reward_gold_rice_cents = $6
             WHERE user_id = $1 AND activity_code = $2 AND partner = $3 AND visit_day = $4`,
            [userId, activity.activityCode, PARTNER, day, paid.chances, paid.goldRiceCents],
          );
        }
        const row = await tx.query<CompletionRow>(
          `${SELECT} WHERE user_id = $1 AND activity_code = $2 AND partner = $3 AND visit_day = $4`,
          [userId, activity.activityCode, PARTNER, day],
        );
        const r = row.rows[0];
        if (!r) throw new Error('traffic completion vanished');
        return { firstToday: won.rowCount > 0, ...view(r) };
      });
      return ok({ ...result, jumpUrl: activity.benefits.traffic.jdUrl });
    },
  });

  defineRoute(app, ctx, {
    call: 'traffic.byToken',
    auth: 'user',
    handler: async ({ request, userId }) => {
      const { token } = request.params as { token?: string };
      if (token === undefined || !TOKEN.test(token)) {
        throw badRequest('token must be 32 lower-case hex characters');
      }
      const res = await ctx.db.query<CompletionRow>(`${SELECT} WHERE token = $1 AND user_id = $2`, [
        token,
        userId,
      ]);
      const row = res.rows[0];
      // Someone else's token answers like an unknown one.
      if (!row) throw new ApiError(404, 'no such traffic record');
      return ok(view(row));
    },
  });
}
