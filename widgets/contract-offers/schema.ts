import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp } from '../../src/engine/document/prop-types';
import { contractOffersMeta } from './meta';

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

export const contractOffersProps = z.strictObject({
  activityCode: activityCodeProp,
  title: z.string().max(20).default('合约机').describe('Heading of the phones; empty hides it.'),
  plansTitle: z
    .string()
    .max(20)
    .default('合约套餐')
    .describe('Heading of the plans list; empty hides the list.'),
  detailsText: copy('查看详情', 'Button that opens a phone’s details and plans.'),
  hideDetailsText: copy('收起详情', 'The same button while the details are open.'),
  applyText: copy('立即申请', 'Button that applies for the phone on the chosen plan.'),
  appliedText: copy('已申请', 'Apply button of the phone the user applied for.'),
  otherAppliedText: copy('每人限申请一台', 'Apply button of the other phones once applied.'),
  appliedTemplate: copy(
    '已申请：{phone}（{plan}），合约价¥{price}，共补贴¥{subsidy}',
    'Line shown once applied; {phone} {plan} {price} {subsidy} are replaced.',
    80,
  ),
  appliedToast: copy('申请已提交，客服将尽快联系您', 'Announced after applying.'),
  emptyText: copy('合约机即将上架，敬请期待', 'Shown when the activity has no phones.'),
  errorText: copy('合约机加载失败', 'Shown when the offer cannot be loaded.'),
  failText: copy('申请失败，请稍后再试', 'Announced when an application fails.'),
  notStartedText: copy('活动未开始', 'Apply button before the activity starts.'),
  endedText: copy('活动已结束', 'Apply button after the activity ends.'),
});

export const contractOffersWidget = defineWidget({
  type: 'contract-offers',
  description:
    'The contract-phone offer of the activity (ours: contractPhone/offers and apply): each phone with its price, lowest contract price and largest subsidy; its details (highlights and a quote per plan: phone subsidy, bill subsidy, contract price) open in place; the user applies for one phone on the chosen plan (one per activity); the plans listed with fee, term, allowances and subsidies.',
  props: contractOffersProps,
  meta: contractOffersMeta,
  apiCalls: () => ['contractPhone.offers', 'contractPhone.apply'],
  events: ['applied'],
});

export type ContractOffersProps = z.output<typeof contractOffersProps>;
