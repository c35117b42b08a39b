import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp, cssColor } from '../../src/engine/document/prop-types';
import { installmentOffersMeta } from './meta';

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

export const installmentOffersProps = z.strictObject({
  activityCode: activityCodeProp,
  view: z
    .enum(['offers', 'records', 'subsidy', 'result'])
    .default('offers')
    .describe(
      '"offers": products with term, amount, reminder and apply (getProductInfos, getUserInfo, addRemind, addCreditRecord, reachLimit); "records": the credit records (getSavedHistory) and reminders set; "subsidy": subsidy earned against the cap (getUserInfo, reachLimit); "result": one record, the latest or `recordId`.',
    ),
  productKind: z
    .enum(['installment', 'loan'])
    .default('installment')
    .describe(
      'What the offers are, for the compliance check: a page with the offers view promotes this kind and must show risk-notice (docs/decisions/0017).',
    ),
  title: z.string().max(20).default('').describe('Heading; empty hides it.'),
  productIds: z
    .array(z.string().min(1))
    .optional()
    .describe('Only these products, in this order (offers view); all when absent.'),
  subsidyOnly: z
    .boolean()
    .default(false)
    .describe('Records view: only records that earned a subsidy (the subsidy list).'),
  recordId: z
    .string()
    .max(20)
    .optional()
    .describe('Result view: the record to show, e.g. "{{query.recordId}}"; the latest when empty.'),
  pageSize: z.number().int().min(1).max(50).default(10).describe('Records per page.'),
  applyText: copy('立即申请', 'Apply button.'),
  remindText: copy('设置还款提醒', 'Reminder button.'),
  remindedText: copy('已设置提醒', 'Reminder button once set.'),
  appliedToast: copy('申请成功', 'Announced after a credit is recorded.'),
  remindToast: copy('提醒设置成功', 'Announced after the reminder is set.'),
  reachLimitText: copy(
    '您的补贴已达上限，继续申请不再获得补贴',
    'Shown when reachLimit says so.',
    60,
  ),
  emptyText: copy('暂无记录', 'Records view with no records.'),
  noProductsText: copy('暂无可申请的分期产品', 'Offers view with no products.'),
  loginText: copy('登录后查看您的额度与补贴', 'Prompt for visitors.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  errorText: copy('加载失败', 'Shown when a call fails.'),
  accentColor: cssColor.optional().describe('Colour of amounts and buttons.'),
});

export const installmentOffersWidget = defineWidget({
  type: 'installment-offers',
  description:
    "Installment offers of an activity (spec §7 Installment): products with terms, amount and subsidy estimate, reminder and apply; or the user's credit records, subsidy against its cap, or one record's result.",
  props: installmentOffersProps,
  meta: installmentOffersMeta,
  apiCalls: () => [
    'installment.getProductInfos',
    'installment.getUserInfo',
    'installment.reachLimit',
    'installment.getSavedHistory',
    'installment.addRemind',
    'installment.addCreditRecord',
  ],
  events: ['apply', 'remind'],
  compliance: { promotes: (props) => (props.view === 'offers' ? [props.productKind] : []) },
});

export type InstallmentOffersProps = z.output<typeof installmentOffersProps>;
