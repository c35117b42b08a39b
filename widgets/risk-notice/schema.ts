import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { urlProp } from '../../src/engine/document/prop-types';
import { riskNoticeMeta } from './meta';

export const riskNoticeProps = z.strictObject({
  title: z.string().max(20).default('风险提示').describe('Heading; empty hides it.'),
  content: z
    .array(z.string().min(1).max(400))
    .min(1)
    .max(10)
    .default([
      '贷款、分期及信用卡产品由持牌金融机构提供，额度、利率以机构审批结果为准。',
      '请根据自身还款能力合理借贷，理性消费，避免逾期。',
    ])
    .describe('Paragraphs of the notice (plain text; {{bindings}} allowed).'),
  link: z
    .strictObject({
      text: z.string().min(1).max(20).default('查看完整条款'),
      to: urlProp('link'),
    })
    .optional()
    .describe('A link to the full terms: a route of this app or an https address.'),
  variant: z
    .enum(['box', 'plain'])
    .default('box')
    .describe('`box`: framed block; `plain`: small print without a frame (page footers).'),
});

export const riskNoticeWidget = defineWidget({
  type: 'risk-notice',
  description:
    'The compliance notice a page promoting a loan, credit card, installment or fund product must show (the validator refuses such a page without it; docs/decisions/0017).',
  props: riskNoticeProps,
  meta: riskNoticeMeta,
  compliance: { isRiskNotice: true },
});

export type RiskNoticeProps = z.output<typeof riskNoticeProps>;
