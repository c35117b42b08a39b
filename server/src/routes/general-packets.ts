import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../app-context';
import type { ActivityConfig } from '../config/activity-config';
import type { Db } from '../db/types';
import { activityPhase, findActivity } from '../domain/activity-guard';
import { requireOngoing } from '../domain/benefit-guard';
import { campaignDay } from '../domain/campaign-time';
import { invitationCode, inviterByCode } from '../domain/invitation-code';
import { maskName } from '../domain/mask';
import { grantReward } from '../domain/rewards';
import { signState } from '../domain/sign-in';
import { taskViews } from '../domain/tasks';
import { findUser, isNewUser } from '../domain/users';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, forbidden, ok, unauthorized } from '../http/envelope';

interface OpenRow {
  inviter_id: string;
  opener_chances: number;
  opener_gold_rice_cents: string | number;
}

/**
 * Opens the inviter's packet for `userId`: once per activity (primary key), never one's own.
 * The inviter is paid per friend up to maxPaidInvites; the inviter's user row is locked so two
 * friends opening at once cannot both take the last paid place.
 */
async function openPacket(tx: Db, activity: ActivityConfig, userId: string, inviterId: string) {
  const code = activity.activityCode;
  const cfg = activity.benefits.invitePacket;
  const won = await tx.query(
    `INSERT INTO invite_packet_opens (activity_code, opener_id, inviter_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING opener_id`,
    [code, userId, inviterId],
  );
  if (won.rowCount > 0) {
    const mine = await grantReward(tx, {
      userId,
      activity,
      reward: cfg.openerReward,
      reason: 'invitePacketOpen',
      ref: 'once',
    });
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [inviterId]);
    const paid = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invite_packet_opens
       WHERE activity_code = $1 AND inviter_id = $2 AND inviter_paid`,
      [code, inviterId],
    );
    const inviterPaid = (paid.rows[0]?.n ?? 0) < cfg.maxPaidInvites;
    if (inviterPaid) {
      await grantReward(tx, {
        userId: inviterId,
        activity,
        reward: cfg.inviterReward,
        reason: 'invitePacketInvite',
        ref: userId,
      });
    }
    await tx.query(
      `UPDATE invite_packet_opens SET opener_chances = $3, opener_gold_rice_cents = $4,
         inviter_paid = $5 WHERE activity_code = $1 AND opener_id = $2`,
      [code, userId, mine.chances, mine.goldRiceCents, inviterPaid],
    );
  }
  const row = await tx.query<OpenRow>(
    `SELECT inviter_id::text AS inviter_id, opener_chances, opener_gold_rice_cents
     FROM invite_packet_opens WHERE activity_code = $1 AND opener_id = $2`,
    [code, userId],
  );
  const r = row.rows[0];
  if (!r) throw new Error('invite packet row vanished');
  if (r.inviter_id !== inviterId) {
    throw new ApiError(409, "you have already opened a friend's packet in this activity");
  }
  return {
    firstOpen: won.rowCount > 0,
    reward: {
      chances: r.opener_chances,
      goldRiceCents: Number(r.opener_gold_rice_cents),
      label: cfg.openerReward.label,
    },
  };
}

/** Invite packets and the new-user packet and bubbles (spec §7 generalActivity). */
export function registerGeneralPacketRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    call: 'generalActivity.openInvitePacket',
    auth: 'user',
    rateLimit: 'claim',
    handler: async ({ input, userId }) => {
      const activity = requireOngoing(ctx, input.activityCode);
      if (!activity.benefits.invitePacket.enabled) {
        throw forbidden('this activity has no invite packet');
      }
      // The opener is always the token's user; the code only names whose packet is opened.
      const found = await inviterByCode(ctx.db, input.shareCode);
      if (!found) throw badRequest('unknown shareCode');
      if (found.id === userId) throw badRequest('you cannot open your own packet');
      const result = await ctx.db.transaction((tx) => openPacket(tx, activity, userId, found.id));
      return ok({ opened: true, inviterNickName: maskName(found.nick_name), ...result });
    },
  });

  defineRoute(app, ctx, {
    call: 'generalActivity.invitePacketInfo',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const cfg = activity.benefits.invitePacket;
      const user = await findUser(ctx.db, userId);
      if (!user) throw unauthorized();
      const friends = await ctx.db.query<{ nick_name: string; created_at: Date; paid: boolean }>(
        `SELECT u.nick_name, o.created_at, o.inviter_paid AS paid FROM invite_packet_opens o
         JOIN users u ON u.id = o.opener_id
         WHERE o.activity_code = $1 AND o.inviter_id = $2 ORDER BY o.created_at DESC LIMIT 50`,
        [activity.activityCode, userId],
      );
      const opened = await ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM invite_packet_opens WHERE activity_code = $1 AND opener_id = $2',
        [activity.activityCode, userId],
      );
      return ok({
        enabled: cfg.enabled,
        shareCode: user.share_code,
        inviteCode: await invitationCode(ctx.db, userId),
        openedCount: friends.rows.length,
        paidCount: friends.rows.filter((f) => f.paid).length,
        maxPaidInvites: cfg.maxPaidInvites,
        inviterRewardLabel: cfg.inviterReward.label,
        openerRewardLabel: cfg.openerReward.label,
        // Friends see each other only masked (the same rule as the winners ticker).
        friends: friends.rows.map((f) => ({
          nickName: maskName(f.nick_name),
          openTime: new Date(f.created_at).getTime(),
          paid: f.paid,
        })),
        hasOpenedFriendPacket: (opened.rows[0]?.n ?? 0) > 0,
      });
    },
  });

  // The new-user packet opened day by day through newUser/openSignPacket (routes/sign-in.ts).
  defineRoute(app, ctx, {
    call: 'generalActivity.newUser/packet',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const user = await findUser(ctx.db, userId);
      if (!user) throw unauthorized();
      const day = campaignDay(ctx.now());
      const state = await signState(ctx.db, userId, activity.activityCode, 'newUserPacket', day);
      const newUser = isNewUser(user, activity.window.start);
      return ok({
        isNewUser: newUser,
        openedToday: state.signedToday,
        openedDays: state.signCount,
        canOpen: newUser && !state.signedToday && activityPhase(activity, ctx.now()) === 'ongoing',
        days: activity.signIn.newUserPacket.map((r, i) => ({
          day: i + 1,
          label: r.label,
          chances: r.chances,
          goldRiceCents: r.goldRiceCents,
          opened: i < state.signCount,
        })),
      });
    },
  });

  // Bubbles = the new-user tasks still to do (tasks of kind 'newUser', routes/tasks.ts).
  defineRoute(app, ctx, {
    call: 'generalActivity.newUser/bubble',
    auth: 'user',
    handler: async ({ input, userId }) => {
      const activity = findActivity(ctx, input.activityCode);
      const user = await findUser(ctx.db, userId);
      if (!user) throw unauthorized();
      const newUser = isNewUser(user, activity.window.start);
      const views = newUser
        ? await taskViews(ctx.db, userId, activity, ctx.now(), (t) => t.kind === 'newUser')
        : [];
      return ok({
        isNewUser: newUser,
        bubbles: views
          .filter((v) => v.status !== 2)
          .map((v) => ({ taskId: v.taskId, title: v.title, rewardLabel: v.rewardLabel })),
      });
    },
  });
}
