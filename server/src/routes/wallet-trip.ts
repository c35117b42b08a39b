import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import type { Queryable } from '../db/types';
import { findActivity } from '../domain/activity-guard';
import { requireOngoing } from '../domain/benefit-guard';
import { campaignDay } from '../domain/campaign-time';
import { claimOf, idempotent } from '../domain/idempotency';
import { grantReward } from '../domain/rewards';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, ok } from '../http/envelope';

async function diamondBalance(db: Queryable, userId: string, code: string): Promise<number> {
  const res = await db.query<{ balance: number }>(
    'SELECT balance FROM trip_diamonds WHERE user_id = $1 AND activity_code = $2',
    [userId, code],
  );
  return res.rows[0]?.balance ?? 0;
}

/**
 * Wallet trip (ours: spec §7 names no trip call, ../shared/BREADTH.md point 4). A user checks in
 * one trip a campaign day (metro, bus...), which pays the activity's diamonds once (primary key
 * per day); diamonds buy the activity's rewards (chances or gold rice, grantReward), spent by a
 * conditional UPDATE so the balance never goes below zero.
 */
export function registerWalletTripRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'walletTrip.summary',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const code = activity.activityCode;
      const today = campaignDay(ctx.now());
      const trips = await ctx.db.query<{ trip_day: string; mode_id: string; diamonds: number }>(
        `SELECT trip_day::text AS trip_day, mode_id, diamonds FROM trip_check_ins
         WHERE user_id = $1 AND activity_code = $2 ORDER BY trip_day DESC LIMIT 31`,
        [userId, code],
      );
      const total = await ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM trip_check_ins WHERE user_id = $1 AND activity_code = $2',
        [userId, code],
      );
      const modes = new Map(activity.benefits.trip.modes.map((m) => [m.modeId, m.name]));
      return ok({
        diamonds: await diamondBalance(ctx.db, userId, code),
        checkedInToday: trips.rows.some((t) => t.trip_day === today),
        tripCount: total.rows[0]?.n ?? 0,
        diamondsPerCheckIn: activity.benefits.trip.diamondsPerCheckIn,
        modes: activity.benefits.trip.modes,
        list: trips.rows.map((t) => ({
          day: t.trip_day,
          modeId: t.mode_id,
          modeName: modes.get(t.mode_id) ?? t.mode_id,
          diamonds: t.diamonds,
        })),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'walletTrip.checkIn',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      if (!activity.benefits.trip.modes.some((m) => m.modeId === input.modeId)) {
        throw badRequest(`unknown modeId: ${input.modeId}`);
      }
      const code = activity.activityCode;
      const now = ctx.now();
      const day = campaignDay(now);
      const paid = activity.benefits.trip.diamondsPerCheckIn;
      const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
        const won = await tx.query(
          `INSERT INTO trip_check_ins (user_id, activity_code, trip_day, mode_id, diamonds, created_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING trip_day`,
          [userId, code, day, input.modeId, paid, now],
        );
        if (won.rowCount === 0) {
          throw new ApiError(409, 'already checked in today', 'ALREADY_CHECKED_IN');
        }
        await tx.query(
          `INSERT INTO trip_diamonds (user_id, activity_code, balance) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = trip_diamonds.balance + $3`,
          [userId, code, paid],
        );
        return { day, diamonds: paid, balance: await diamondBalance(tx, userId, code) };
      });
      return ok(result);
    },
  });

  defineRoute(app, ctx, {
    call: 'walletTrip.rewards',
    auth: 'optional',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const counts = new Map<string, number>();
      if (userId !== null) {
        const res = await ctx.db.query<{ reward_id: string; n: number }>(
          `SELECT reward_id, count(*)::int AS n FROM trip_exchanges
           WHERE user_id = $1 AND activity_code = $2 GROUP BY reward_id`,
          [userId, activity.activityCode],
        );
        for (const r of res.rows) counts.set(r.reward_id, r.n);
      }
      return ok({
        list: activity.benefits.trip.rewards.map((r) => ({
          rewardId: r.rewardId,
          name: r.name,
          image: r.image,
          diamonds: r.diamonds,
          label: r.reward.label,
          perUserLimit: r.perUserLimit ?? null,
          exchanged: counts.get(r.rewardId) ?? 0,
        })),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'walletTrip.exchange',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const reward = activity.benefits.trip.rewards.find((r) => r.rewardId === input.rewardId);
      if (!reward) throw badRequest(`unknown rewardId: ${input.rewardId}`);
      const code = activity.activityCode;
      const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
        const spent = await tx.query<{ balance: number }>(
          `UPDATE trip_diamonds SET balance = balance - $3
           WHERE user_id = $1 AND activity_code = $2 AND balance >= $3 RETURNING balance`,
          [userId, code, reward.diamonds],
        );
        if (spent.rowCount === 0) {
          throw new ApiError(409, 'not enough diamonds', 'INSUFFICIENT_DIAMONDS');
        }
        const row = await tx.query<{ id: number }>(
          `INSERT INTO trip_exchanges (user_id, activity_code, reward_id, diamonds, created_at)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [userId, code, reward.rewardId, reward.diamonds, ctx.now()],
        );
        if (reward.perUserLimit !== undefined) {
          // Counted after the insert, in the same transaction: over the limit rolls it all back.
          const n = await tx.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM trip_exchanges
             WHERE user_id = $1 AND activity_code = $2 AND reward_id = $3`,
            [userId, code, reward.rewardId],
          );
          if ((n.rows[0]?.n ?? 0) > reward.perUserLimit) {
            throw new ApiError(409, 'exchange limit reached', 'LIMIT_REACHED');
          }
        }
        const exchangeId = String(row.rows[0]?.id);
        const paid = await grantReward(tx, {
          userId,
          activity,
          reward: reward.reward,
          reason: 'tripExchange',
          ref: exchangeId,
        });
        return {
          exchangeId,
          rewardId: reward.rewardId,
          name: reward.name,
          label: reward.reward.label,
          paid,
          balance: spent.rows[0]?.balance ?? 0,
        };
      });
      return ok(result);
    },
  });
}
