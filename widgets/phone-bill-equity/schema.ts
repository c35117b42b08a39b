import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp } from '../../src/engine/document/prop-types';
import { phoneBillEquityMeta } from './meta';

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

export const phoneBillEquityProps = z.strictObject({
  activityCode: activityCodeProp,
  quarter: z
    .enum(['', 'q2', 'q3', 'q4', 'q5'])
    .default('')
    .describe('Which new-phone pair to use: "" = newPhone/index + send, "q2" = q2index + q2send…'),
  title: z.string().max(20).default('').describe('Heading; empty hides it.'),
  showAmount: z
    .boolean()
    .default(true)
    .describe('Show the phone-bill subsidy (generalActivity/phoneBillAmount).'),
  showInterest: z
    .boolean()
    .default(false)
    .describe(
      'Show the new-machine interest (newMachines/interest/doubleAmount, newMachinesOldUser) and its deadline (receiveCountDown).',
    ),
  showPrizes: z.boolean().default(true).describe('Show the equities that can be claimed.'),
  amountLabel: copy('可享话费补贴', 'Label of the phone-bill amount.'),
  notEligibleText: copy('暂不符合话费补贴条件', 'Shown when phoneBillAmount says not eligible.'),
  interestLabel: copy('新机专享利息', 'Label of the interest amount.'),
  chancesLabel: copy('剩余领取次数', 'Label of the claims left (newPhone index remainChance).'),
  claimText: copy('立即领取', 'Claim button (newPhone send).'),
  noChanceText: copy('今日已领取，明天再来', 'Claim button with no chance left.'),
  wonText: copy('恭喜获得', 'Before the prize name after a claim.'),
  thanksText: copy('本次未领到权益，明天再来试试', 'After a claim that won nothing.', 60),
  notStartedText: copy('本期未开始', "Claim button before the quarter's window opens.", 12),
  endedText: copy('本期已结束', "Claim button after the quarter's window closed.", 12),
  windowLabel: copy('活动时间', 'Before the window of the quarter (newPhone index `window`).', 12),
  soldOutText: copy('已领完', 'Badge of an equity whose stock is gone.', 10),
  mineTitle: copy('我的权益', 'Heading of the claimed equities.'),
  mineEmptyText: copy('还没有领取权益', 'When nothing was claimed yet.'),
  loginText: copy('登录后查看并领取您的权益', 'Prompt for visitors.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  errorText: copy('权益加载失败', 'Shown when a call fails.'),
});

export const phoneBillEquityWidget = defineWidget({
  type: 'phone-bill-equity',
  description:
    'Phone-bill and new-phone equity (spec §7): the phone-bill subsidy, the new-machine interest and its deadline, the equities to claim through newPhone send (q2…q5 variants) and those the user holds.',
  props: phoneBillEquityProps,
  meta: phoneBillEquityMeta,
  apiCalls: (props) => [
    `newPhone.${props.quarter}index`,
    `newPhone.${props.quarter}send`,
    'generalActivity.phoneBillAmount',
    'newMachines.interest/doubleAmount',
    'newMachines.interest/newMachinesOldUser',
    'newMachines.interest/receiveCountDown',
  ],
  events: ['claim'],
});

export type PhoneBillEquityProps = z.output<typeof phoneBillEquityProps>;
