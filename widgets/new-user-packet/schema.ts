import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { newUserPacketMeta } from './meta';

const copy = (fallback: string, description: string) =>
  z.string().min(1).max(40).default(fallback).describe(description);

export const newUserPacketProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The new-user activity; defaults to the page's activity."),
  title: z.string().max(20).default('新人专享红包').describe('Heading; empty hides it.'),
  sections: z
    .array(z.enum(['packet', 'bubbles', 'invite']))
    .min(1)
    .default(['packet', 'bubbles', 'invite'])
    .describe(
      'What to show, in this order: "packet" the day-by-day sign packet (newUser/packet, newUser/openSignPacket), "bubbles" the new-user rewards still to collect (newUser/bubble, completeTask), "invite" the invite packets (invitePacketInfo, openInvitePacket).',
    ),
  shareCodeParam: z
    .string()
    .regex(/^[A-Za-z_]\w{0,31}$/)
    .default('shareCode')
    .describe("The query parameter of a shared link that carries the inviter's shareCode."),
  openText: copy('拆红包', 'Button that opens today’s packet.'),
  openedText: copy('今日已拆，明天再来', 'Button once today’s packet is open.'),
  allOpenedText: copy('红包已全部拆完', 'Button once every day’s packet is open.'),
  openedToast: copy('拆开红包，获得{reward}', 'Announced after opening; {reward} is the reward.'),
  progressTemplate: copy('已拆{n}/{total}天', 'Progress line; {n} and {total} are replaced.'),
  notNewUserText: copy('新人专享，老用户可参与其他活动哦', 'Shown to users who are not new.'),
  bubblesTitle: copy('新人福利待领取', 'Heading of the bubbles.'),
  bubblesEmptyText: copy('新人福利已全部领取', 'Shown when no bubble is left.'),
  collectedToast: copy('领取成功，获得{reward}', 'Announced after a bubble; {reward} replaced.'),
  inviteTitle: copy('邀好友拆红包', 'Heading of the invite part.'),
  friendPacketText: copy(
    '好友送你一个红包',
    'Shown when the page was opened from a friend’s link.',
  ),
  openFriendText: copy('拆开好友红包', 'Button that opens the friend’s packet.'),
  friendOpenedToast: copy('拆开好友红包，获得{reward}', 'Announced after; {reward} replaced.'),
  inviteProgressTemplate: copy(
    '已邀请{n}位好友，前{max}位各得{reward}',
    'Invite line; {n}, {max} and {reward} are replaced.',
  ),
  shareText: copy('分享给好友', 'Button that shares the invite link.'),
  shareTitle: z
    .string()
    .max(64)
    .default('我在领新人红包，送你一个，快来拆！')
    .describe('Title of the shared invite link.'),
  loginText: copy('登录后领取新人红包', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  errorText: copy('红包信息加载失败', 'Shown when the packet state cannot be loaded.'),
  failText: copy('操作失败，请稍后再试', 'Announced when opening or collecting fails.'),
  notStartedText: copy('活动未开始', 'Button before the activity starts.'),
  endedText: copy('活动已结束', 'Button after the activity ends.'),
  accentColor: cssColor.optional().describe('Colour of the packet and its button.'),
});

export const newUserPacketWidget = defineWidget({
  type: 'new-user-packet',
  description:
    "The new-user packet: a packet opened once a day for the activity's days (newUser/packet, newUser/openSignPacket), the new-user reward bubbles (newUser/bubble, completeTask) and invite packets (invitePacketInfo, openInvitePacket with the shareCode of a friend's link), with login, loading, error-with-retry and not-a-new-user states; results and errors in Chinese.",
  props: newUserPacketProps,
  meta: newUserPacketMeta,
  apiCalls: () => [
    'generalActivity.newUser/packet',
    'generalActivity.newUser/bubble',
    'generalActivity.invitePacketInfo',
    'generalActivity.newUser/openSignPacket',
    'generalActivity.completeTask',
    'generalActivity.openInvitePacket',
    // Read again after a reward, where the page shows them.
    'generalActivity.getRemainChance',
    'generalActivity.queryUserGoldRichSum',
    'generalActivity.getTaskList',
    'generalActivity.newUser/newUserWelfareTask',
  ],
  events: ['opened', 'collected', 'inviteOpened'],
  requiresLogin: true,
});

export type NewUserPacketProps = z.output<typeof newUserPacketProps>;
