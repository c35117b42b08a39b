/**
 * Invite packets and the new-user packet, spec §7 General activity
 * (server/src/routes/general-packets.ts).
 */
import { z } from 'zod';
import { get } from './contract';
import { activityCodeParam, answer, byActivity, GA, grantedReward, millis } from './shared';

export const generalPacketsContracts = {
  'generalActivity.openInvitePacket': get(`${GA}openInvitePacket`, {
    mutation: true,
    input: z.object({
      activityCode: activityCodeParam,
      // spec §3: the shared link carries the inviter's shareCode in its query; the invite page's
      // link carries the inviter's invitation code (getInvitationPassword), accepted the same.
      shareCode: z
        .string()
        .regex(/^[A-Za-z0-9_-]{4,32}$/, 'shareCode: letters, digits, _ or -')
        .describe("the inviter's shareCode or invitation code (from the shared link)"),
    }),
    // The inviter is shown masked, as every other user is.
    output: answer({
      opened: z.literal(true),
      inviterNickName: z.string(),
      firstOpen: z.boolean(),
      reward: grantedReward,
    }),
  }),
  'generalActivity.invitePacketInfo': get(`${GA}invitePacketInfo`, {
    input: byActivity,
    output: answer({
      enabled: z.boolean(),
      shareCode: z.string(),
      // The caller's invitation code (the one getInvitationPassword answers): a link with it
      // opens the caller's packet too, so the page knows its own link.
      inviteCode: z.string(),
      openedCount: z.number().int(),
      paidCount: z.number().int(),
      maxPaidInvites: z.number().int(),
      inviterRewardLabel: z.string(),
      openerRewardLabel: z.string(),
      // Friends see each other only masked (the same rule as the winners ticker).
      friends: z.array(answer({ nickName: z.string(), openTime: millis, paid: z.boolean() })),
      hasOpenedFriendPacket: z.boolean(),
    }),
  }),
  // The new-user packet opened day by day through newUser/openSignPacket (./sign-in.ts).
  'generalActivity.newUser/packet': get(`${GA}newUser/packet`, {
    params: ['activityCode'],
    input: byActivity,
    output: answer({
      isNewUser: z.boolean(),
      openedToday: z.boolean(),
      openedDays: z.number().int(),
      canOpen: z.boolean(),
      days: z.array(
        answer({
          day: z.number().int(),
          label: z.string(),
          chances: z.number().int(),
          goldRiceCents: z.number().int(),
          opened: z.boolean(),
        }),
      ),
    }),
  }),
  // Bubbles = the new-user tasks still to do (tasks of kind 'newUser', ./tasks.ts).
  'generalActivity.newUser/bubble': get(`${GA}newUser/bubble`, {
    params: ['activityCode'],
    input: byActivity,
    output: answer({
      isNewUser: z.boolean(),
      bubbles: z.array(answer({ taskId: z.string(), title: z.string(), rewardLabel: z.string() })),
    }),
  }),
} as const;
