import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import { findActivity } from '../domain/activity-guard';
import { requireOngoing } from '../domain/benefit-guard';
import { goldRiceCents, grantReward } from '../domain/rewards';
import { spendGoldRice } from '../domain/gold-rice';
import { claimOf, idempotent } from '../domain/idempotency';
import { maskPhone } from '../domain/mask';
import { findUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, ok, unauthorized } from '../http/envelope';

interface FinishRow {
  task_id: string;
  reward_chances: number;
  reward_gold_rice_cents: string | number;
}

/**
 * Music benefits (spec §7 qqMusicActivity; spec §3 music entities: user info, hot songs, hot
 * song lists, gold-rich sum). Songs and tasks come from the activity config; the free-mode
 * whitelist and task finishes are once per user (primary keys).
 */
export function registerQqMusicRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'qqMusicActivity.getMusicUserInfo',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const user = await findUser(ctx.db, userId);
      if (!user) throw unauthorized();
      const code = activity.activityCode;
      const free = await ctx.db.query<{ expires_at: Date }>(
        'SELECT expires_at FROM music_free_mode WHERE user_id = $1 AND activity_code = $2',
        [userId, code],
      );
      const done = await ctx.db.query<{ task_id: string }>(
        'SELECT task_id FROM music_task_finishes WHERE user_id = $1 AND activity_code = $2',
        [userId, code],
      );
      const finished = new Set(done.rows.map((r) => r.task_id));
      const expires = free.rows[0] ? new Date(free.rows[0].expires_at).getTime() : null;
      return ok({
        nickName: user.nick_name,
        avatarUrl: user.avatar_url,
        freeMode: {
          whitelisted: expires !== null,
          active: expires !== null && expires > ctx.now().getTime(),
          expireTime: expires,
        },
        tasks: activity.benefits.music.tasks.map((t) => ({
          taskId: t.taskId,
          title: t.title,
          rewardLabel: t.reward.label,
          finished: finished.has(t.taskId),
        })),
        // spec §4: cents; the client divides by 100.
        goldRichSum: await goldRiceCents(ctx.db, userId, code),
      });
    },
  });

  defineRoute(app, ctx, {
    call: 'qqMusicActivity.getHotSongs',
    auth: 'none',
    handler: async ({ input }) =>
      ok({ list: findActivity(ctx, input.activityCode).benefits.music.hotSongs }),
  });

  defineRoute(app, ctx, {
    call: 'qqMusicActivity.getHotSongLists',
    auth: 'none',
    handler: async ({ input }) =>
      ok({ list: findActivity(ctx, input.activityCode).benefits.music.hotSongLists }),
  });

  // The free period starts at the first add and is not extended by repeats.
  defineRoute(app, ctx, {
    call: 'qqMusicActivity.addFreeModeWhitelist',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const now = ctx.now();
      const expires = new Date(now.getTime() + activity.benefits.music.freeModeDays * 86_400_000);
      const won = await ctx.db.query(
        `INSERT INTO music_free_mode (user_id, activity_code, added_at, expires_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING user_id`,
        [userId, activity.activityCode, now, expires],
      );
      const row = await ctx.db.query<{ expires_at: Date }>(
        'SELECT expires_at FROM music_free_mode WHERE user_id = $1 AND activity_code = $2',
        [userId, activity.activityCode],
      );
      const expireTime = new Date(row.rows[0]?.expires_at ?? expires).getTime();
      return ok({ whitelisted: true, firstTime: won.rowCount > 0, expireTime });
    },
  });

  defineRoute(app, ctx, {
    call: 'qqMusicActivity.finishMusicTask',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const task = activity.benefits.music.tasks.find((t) => t.taskId === input.taskId);
      if (!task) throw badRequest(`unknown taskId: ${input.taskId}`);
      const code = activity.activityCode;
      const result = await ctx.db.transaction(async (tx) => {
        const won = await tx.query(
          `INSERT INTO music_task_finishes (user_id, activity_code, task_id) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING task_id`,
          [userId, code, task.taskId],
        );
        if (won.rowCount > 0) {
          const paid = await grantReward(tx, {
            userId,
            activity,
            reward: task.reward,
            reason: 'musicTask',
            ref: task.taskId,
          });
          await tx.query(
            `UPDATE music_task_finishes SET reward_chances = $4, reward_gold_rice_cents = $5
             WHERE user_id = $1 AND activity_code = $2 AND task_id = $3`,
            [userId, code, task.taskId, paid.chances, paid.goldRiceCents],
          );
        }
        const row = await tx.query<FinishRow>(
          `SELECT task_id, reward_chances, reward_gold_rice_cents FROM music_task_finishes
           WHERE user_id = $1 AND activity_code = $2 AND task_id = $3`,
          [userId, code, task.taskId],
        );
        const r = row.rows[0];
        if (!r) throw new Error('music task finish vanished');
        return {
          finished: true,
          firstTime: won.rowCount > 0,
          reward: {
            chances: r.reward_chances,
            goldRiceCents: Number(r.reward_gold_rice_cents),
            label: task.reward.label,
          },
        };
      });
      return ok(result);
    },
  });

  // Ours: a membership for the music account of a phone, paid with the activity's gold rice.
  defineRoute(app, ctx, {
    call: 'qqMusicActivity.exchangeByPhone',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId, request }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      const goods = activity.benefits.music.phoneExchangeGoods.find(
        (g) => g.goodsId === input.goodsId,
      );
      if (!goods) throw badRequest(`unknown goodsId: ${input.goodsId}`);
      let phone = input.phone;
      if (!phone) {
        if (!input.useAccountPhone) throw badRequest('phone is required (or useAccountPhone)');
        const user = await findUser(ctx.db, userId);
        if (!user) throw unauthorized();
        phone = user.phone;
      }
      const code = activity.activityCode;
      const now = ctx.now();
      const result = await idempotent(ctx.db, userId, claimOf(request), async (tx) => {
        const used = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM music_phone_exchanges
           WHERE user_id = $1 AND activity_code = $2 AND goods_id = $3`,
          [userId, code, goods.goodsId],
        );
        const seq = (used.rows[0]?.n ?? 0) + 1;
        if (seq > goods.perUserLimit)
          throw new ApiError(409, 'exchange limit reached', 'LIMIT_REACHED');
        // A parallel exchange took this number first: refused, nothing spent (one transaction).
        const row = await tx.query<{ id: number }>(
          `INSERT INTO music_phone_exchanges (user_id, activity_code, goods_id, seq, phone, cost_cents, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (user_id, activity_code, goods_id, seq) DO NOTHING RETURNING id`,
          [userId, code, goods.goodsId, seq, phone, goods.costCents, now],
        );
        const id = row.rows[0]?.id;
        if (id === undefined) throw new ApiError(409, 'exchange limit reached', 'LIMIT_REACHED');
        const sum = await spendGoldRice(tx, {
          userId,
          activityCode: code,
          cents: goods.costCents,
          reason: 'musicPhoneExchange',
          ref: String(id),
        });
        return {
          exchangeId: String(id),
          goodsId: goods.goodsId,
          name: goods.name,
          phone: maskPhone(phone),
          sum,
        };
      });
      return ok(result);
    },
  });

  defineRoute(app, ctx, {
    call: 'qqMusicActivity.phoneExchanges',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const res = await ctx.db.query<{
        id: number;
        goods_id: string;
        phone: string;
        cost_cents: string | number;
        created_at: Date;
      }>(
        `SELECT id, goods_id, phone, cost_cents, created_at FROM music_phone_exchanges
         WHERE user_id = $1 AND activity_code = $2 ORDER BY id DESC LIMIT 50`,
        [userId, activity.activityCode],
      );
      const goods = new Map(activity.benefits.music.phoneExchangeGoods.map((g) => [g.goodsId, g]));
      return ok({
        total: res.rows.length,
        list: res.rows.map((r) => ({
          exchangeId: String(r.id),
          goodsId: r.goods_id,
          name: goods.get(r.goods_id)?.name ?? r.goods_id,
          phone: maskPhone(r.phone),
          cost: Number(r.cost_cents),
          time: new Date(r.created_at).getTime(),
          status: 'done',
        })),
      });
    },
  });
}
