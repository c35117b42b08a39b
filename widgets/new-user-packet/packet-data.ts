/**
 * The new-user calls' answers, typed by their contracts (src/contracts/general-packets.ts,
 * sign-in.ts, tasks.ts), with the defaults of a visitor whose answer has not arrived yet.
 */
import type { ApiOutput } from '../../src/contracts';
import { formatGoldRice } from '../../src/services/rules/gold-rice';
import { errorCode, errorText } from '../_campaign-kit/api-error';

export type PacketAnswer = ApiOutput<'generalActivity.newUser/packet'>;
export type BubbleAnswer = ApiOutput<'generalActivity.newUser/bubble'>;
export type InviteAnswer = ApiOutput<'generalActivity.invitePacketInfo'>;
/** The calls a tap makes: each pays a reward, or says it was paid already. */
export type RewardCall =
  | 'generalActivity.newUser/openSignPacket'
  | 'generalActivity.completeTask'
  | 'generalActivity.openInvitePacket';

export type PacketState = Pick<
  PacketAnswer,
  'isNewUser' | 'openedToday' | 'openedDays' | 'canOpen' | 'days'
>;

export function packetOf(answer: PacketAnswer | undefined): PacketState {
  return (
    answer ?? { isNewUser: false, openedToday: false, openedDays: 0, canOpen: false, days: [] }
  );
}

export type Bubble = BubbleAnswer['bubbles'][number];

/** A bubble without a title shows its task id. */
export function bubblesOf(answer: BubbleAnswer | undefined): Bubble[] {
  return (answer?.bubbles ?? []).map((b) => ({ ...b, title: b.title || b.taskId }));
}

export type InviteInfo = Pick<
  InviteAnswer,
  | 'shareCode'
  | 'inviteCode'
  | 'openedCount'
  | 'maxPaidInvites'
  | 'inviterRewardLabel'
  | 'friends'
  | 'hasOpenedFriendPacket'
>;

export function inviteOf(answer: InviteAnswer | undefined): InviteInfo {
  return (
    answer ?? {
      shareCode: '',
      inviteCode: '',
      openedCount: 0,
      maxPaidInvites: 0,
      inviterRewardLabel: '',
      friends: [],
      hasOpenedFriendPacket: false,
    }
  );
}

/** Whether the answer paid now (awarded / firstTime / firstOpen) and what, in Chinese. */
export function rewardOf(answer: ApiOutput<RewardCall> | undefined): {
  paid: boolean;
  text: string;
} {
  if (!answer) return { paid: true, text: rewardText(0, 0) };
  const paid =
    'awarded' in answer
      ? answer.awarded
      : 'firstOpen' in answer
        ? answer.firstOpen
        : answer.firstTime;
  const { chances, goldRiceCents, label } = answer.reward;
  return { paid, text: rewardText(chances, goldRiceCents, label) };
}

/** "1次抽奖机会、0.50金米" (spec §4: gold rice arrives in hundredths); else the label. */
export function rewardText(chances: number, goldRiceCents: number, label = ''): string {
  const parts = [
    chances > 0 ? `${chances}次抽奖机会` : '',
    goldRiceCents > 0 ? `${formatGoldRice(goldRiceCents)}金米` : '',
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
  const msg =
    typeof error === 'object' && error !== null && typeof Reflect.get(error, 'msg') === 'string'
      ? String(Reflect.get(error, 'msg'))
      : '';
  const message = error instanceof Error ? error.message : '';
  for (const [pattern, text] of REFUSALS) {
    if (pattern.test(msg) || pattern.test(message)) return text;
  }
  return errorCode(error) === 401 ? '请先登录' : errorText(error, fallback);
}
