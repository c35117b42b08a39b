/**
 * Reading the new-user calls (server/src/routes/general-packets.ts, sign-in.ts, tasks.ts):
 * - newUser/packet → { isNewUser, openedToday, openedDays, canOpen, days: [{ day, label, opened }] }
 * - newUser/openSignPacket → { awarded, signCount, reward: { chances, goldRiceCents, label } }
 * - newUser/bubble → { isNewUser, bubbles: [{ taskId, title, rewardLabel }] }
 * - completeTask → { firstTime, reward: { chances, goldRiceCents, label } }
 * - invitePacketInfo → { shareCode, openedCount, paidCount, maxPaidInvites, inviterRewardLabel,
 *   friends: [{ nickName, openTime, paid }], hasOpenedFriendPacket }
 * - openInvitePacket → { firstOpen, inviterNickName, reward: { chances, goldRiceCents, label } }
 * Server data is untrusted: everything is read defensively.
 */
import { formatGoldRice } from '../../src/services/rules/gold-rice';
import { errorCode, errorText, isRecord, listOf, num, str } from '../_campaign-kit/api-error';

export interface PacketDay {
  day: number;
  label: string;
  opened: boolean;
}

export interface PacketState {
  isNewUser: boolean;
  openedToday: boolean;
  openedDays: number;
  canOpen: boolean;
  days: PacketDay[];
}

const flag = (value: unknown) => value === true || value === 1;

export function parsePacket(payload: unknown): PacketState {
  const r = isRecord(payload) ? payload : {};
  return {
    isNewUser: flag(r.isNewUser),
    openedToday: flag(r.openedToday),
    openedDays: num(r.openedDays),
    canOpen: flag(r.canOpen),
    days: listOf(r.days, []).flatMap((item, index) =>
      isRecord(item)
        ? [{ day: num(item.day, index + 1), label: str(item.label), opened: flag(item.opened) }]
        : [],
    ),
  };
}

export interface Bubble {
  taskId: string;
  title: string;
  rewardLabel: string;
}

export function parseBubbles(payload: unknown): Bubble[] {
  const r = isRecord(payload) ? payload : {};
  return listOf(r.bubbles, []).flatMap((item) => {
    if (!isRecord(item)) return [];
    const taskId = str(item.taskId);
    return taskId
      ? [{ taskId, title: str(item.title, taskId), rewardLabel: str(item.rewardLabel) }]
      : [];
  });
}

export interface InviteInfo {
  shareCode: string;
  openedCount: number;
  maxPaidInvites: number;
  inviterRewardLabel: string;
  friends: { nickName: string; openTime: number; paid: boolean }[];
  hasOpenedFriendPacket: boolean;
}

export function parseInvite(payload: unknown): InviteInfo {
  const r = isRecord(payload) ? payload : {};
  return {
    shareCode: str(r.shareCode),
    openedCount: num(r.openedCount),
    maxPaidInvites: num(r.maxPaidInvites),
    inviterRewardLabel: str(r.inviterRewardLabel),
    friends: listOf(r.friends, []).flatMap((item) =>
      isRecord(item)
        ? [{ nickName: str(item.nickName), openTime: num(item.openTime), paid: flag(item.paid) }]
        : [],
    ),
    hasOpenedFriendPacket: flag(r.hasOpenedFriendPacket),
  };
}

/** Whether the answer paid now (awarded / firstTime / firstOpen) and what, in Chinese. */
export function parseReward(payload: unknown): { paid: boolean; text: string } {
  const r = isRecord(payload) ? payload : {};
  const reward = isRecord(r.reward) ? r.reward : {};
  const paid = r.awarded !== false && r.firstTime !== false && r.firstOpen !== false;
  return {
    paid,
    text: rewardText(num(reward.chances), num(reward.goldRiceCents), str(reward.label)),
  };
}

/** "1次抽奖机会、0.50金米粒" (spec §4: gold rice arrives in hundredths); else the label. */
export function rewardText(chances: number, goldRiceCents: number, label = ''): string {
  const parts = [
    chances > 0 ? `${chances}次抽奖机会` : '',
    goldRiceCents > 0 ? `${formatGoldRice(goldRiceCents)}金米粒` : '',
  ].filter(Boolean);
  if (parts.length > 0) return parts.join('、');
  return /[\u4e00-\u9fa5]/.test(label) ? label : '奖励';
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : String(values[key]),
  );
}

/**
 * The server's English refusals of these calls, in Chinese (its `msg` is shown only when Chinese,
 * widgets/_campaign-kit/README.md); unknown ones fall back to the widget's text.
 */
const REFUSALS: readonly [RegExp, string][] = [
  [/new users only/i, '新人专享，老用户不能领取哦'],
  [/all sign packets are opened/i, '红包已全部拆完'],
  [/already opened a friend/i, '你已经拆过好友的红包了'],
  [/your own packet/i, '不能拆自己的红包哦'],
  [/unknown shareCode/i, '邀请链接已失效'],
  [/no invite packet/i, '本活动没有邀请红包'],
  [/open the task before/i, '请先完成任务再领取'],
];

export function refusalText(error: unknown, fallback: string): string {
  const msg = isRecord(error) && typeof error.msg === 'string' ? error.msg : '';
  const message = error instanceof Error ? error.message : '';
  for (const [pattern, text] of REFUSALS) {
    if (pattern.test(msg) || pattern.test(message)) return text;
  }
  return errorCode(error) === 401 ? '请先登录' : errorText(error, fallback);
}
