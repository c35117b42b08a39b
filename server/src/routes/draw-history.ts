import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import type { ActivityConfig, PrizeConfig } from '../config/activity-config';
import { findActivity } from '../domain/activity-guard';
import { maskName, maskPhone } from '../domain/mask';
import { publicPrizeList } from '../domain/prize-stock';
import type { Queryable } from '../db/types';
import { defineRoute } from '../http/define-route';
import { badRequest, ok } from '../http/envelope';

type PrizeType = PrizeConfig['type'];

interface DrawRow {
  id: number;
  prize_id: string;
  prize_type: PrizeType;
  position: number;
  status: string;
  multiplied: boolean;
  created_at: Date;
}

function drawView(activity: ActivityConfig, r: DrawRow) {
  const prize = activity.prizes.find((p) => p.prizeId === r.prize_id);
  return {
    drawId: r.id,
    prizeId: r.prize_id,
    prizeName: prize?.name ?? r.prize_id,
    prizeImage: prize?.image ?? '',
    prizeType: r.prize_type,
    index: r.position,
    status: r.status,
    multiplied: r.multiplied,
    time: new Date(r.created_at).getTime(),
  };
}

async function userDraws(
  db: Queryable,
  userId: string,
  code: string,
  options: { winsOnly: boolean; limit: number },
): Promise<DrawRow[]> {
  const res = await db.query<DrawRow>(
    `SELECT id, prize_id, prize_type, position, status, multiplied, created_at FROM draws
     WHERE user_id = $1 AND activity_code = $2 AND ($3::boolean = false OR prize_type <> 'thanks')
     ORDER BY id DESC LIMIT $4`,
    [userId, code, options.winsOnly, options.limit],
  );
  return res.rows;
}

/** Prize history, statuses and the public winners ticker (spec §7 General activity). */
export function registerDrawHistoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [name, winsOnly] of [
    ['myPrize', true],
    ['showPrizeListHistory', false],
  ] as const) {
    defineRoute(app, ctx, {
      call: `generalActivity.${name}` as const,
      auth: 'user',
      handler: async ({ input, userId }) => {
        const activity = findActivity(ctx, input.activityCode);
        const rows = await userDraws(ctx.db, userId, input.activityCode, {
          winsOnly,
          limit: input.limit,
        });
        return ok({ list: rows.map((r) => drawView(activity, r)) });
      },
    });
  }

  defineRoute(app, ctx, {
    call: 'generalActivity.getPrizeStatus',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      // Scoped to the caller: someone else's draw id reads as unknown.
      const res = await ctx.db.query<DrawRow>(
        `SELECT id, prize_id, prize_type, position, status, multiplied, created_at FROM draws
         WHERE user_id = $1 AND activity_code = $2 AND ($3::bigint IS NULL OR id = $3)
         ORDER BY id DESC LIMIT 1`,
        [userId, input.activityCode, input.drawId ?? null],
      );
      const row = res.rows[0];
      if (!row && input.drawId !== undefined) throw badRequest(`unknown drawId: ${input.drawId}`);
      return ok(row ? drawView(activity, row) : null);
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.getPrizeStatusV2',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{ prize_id: string; won: number; unpaid: number }>(
        `SELECT prize_id, COUNT(*)::int AS won, COUNT(*) FILTER (WHERE status = 'unpaid')::int AS unpaid
         FROM draws WHERE user_id = $1 AND activity_code = $2 GROUP BY prize_id`,
        [userId, input.activityCode],
      );
      const mine = new Map(res.rows.map((r) => [r.prize_id, r]));
      const list = (await publicPrizeList(ctx.db, activity)).map((p) => ({
        ...p,
        won: mine.get(p.prizeId)?.won ?? 0,
        unpaid: mine.get(p.prizeId)?.unpaid ?? 0,
      }));
      return ok({ list });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.unpaidPrizeCount',
    auth: 'user',
    handler: async ({ input, userId }) => {
      findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM draws
         WHERE user_id = $1 AND activity_code = $2 AND status = 'unpaid'`,
        [userId, input.activityCode],
      );
      return ok({ count: res.rows[0]?.n ?? 0 });
    },
  });

  // Recent winners for the scrolling ticker. Other users appear only masked; 'top' keeps the
  // physical and virtual prizes (the ones worth bragging about).
  for (const [name, topOnly] of [
    ['rotaryNews', false],
    ['rotaryNewsTop', true],
  ] as const) {
    defineRoute(app, ctx, {
      call: `generalActivity.${name}` as const,
      auth: 'none',
      handler: async ({ input }) => {
        const activity = findActivity(ctx, input.activityCode);
        const res = await ctx.db.query<{
          prize_id: string;
          created_at: Date;
          nick_name: string;
          phone: string;
        }>(
          `SELECT d.prize_id, d.created_at, u.nick_name, u.phone FROM draws d JOIN users u ON u.id = d.user_id
           WHERE d.activity_code = $1 AND d.prize_type <> 'thanks'
             AND ($2::boolean = false OR d.prize_type IN ('physical', 'virtual'))
           ORDER BY d.id DESC LIMIT $3`,
          [input.activityCode, topOnly, input.limit],
        );
        const list = res.rows.map((r) => ({
          nickName: maskName(r.nick_name),
          phone: maskPhone(r.phone),
          prizeName: activity.prizes.find((p) => p.prizeId === r.prize_id)?.name ?? '',
          time: new Date(r.created_at).getTime(),
        }));
        return ok({ list });
      },
    });
  }
}
