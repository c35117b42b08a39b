import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp, urlProp } from '../../src/engine/document/prop-types';
import { prizeRecordsMeta } from './meta';

export const prizeRecordsProps = z.strictObject({
  activityCode: activityCodeProp,
  call: z
    .enum(['myPrize', 'showPrizeListHistory'])
    .default('myPrize')
    .describe('generalActivity call: prizes won (myPrize) or every draw (showPrizeListHistory).'),
  pageSize: z
    .number()
    .int()
    .min(5)
    .max(50)
    .default(20)
    .describe('Records per page. The call takes a `limit` (at most 100): "more" raises it.'),
  title: z.string().max(20).default('我的奖品').describe('Heading; empty hides it.'),
  prizeNames: z
    .record(z.string(), z.string().min(1).max(30))
    .default({})
    .describe('Display names by prize id, replacing the server names.'),
  statusTexts: z
    .record(z.string(), z.string().min(1).max(10))
    .default({ unpaid: '待领取', done: '已发放' })
    .describe('Label per record status from the server (e.g. unpaid, done).'),
  addressTarget: urlProp('webLink')
    .optional()
    .describe('Where "fill in the address" goes for an unpaid physical prize; omit to hide it.'),
  addressText: z.string().min(1).max(8).default('填写地址').describe('Label of that button.'),
  emptyText: z.string().min(1).default('暂无奖品，快去抽奖吧').describe('Shown without records.'),
  emptyTarget: urlProp('webLink').optional().describe('Where the empty state’s button goes.'),
  emptyActionText: z.string().min(1).max(8).default('去抽奖').describe('That button’s label.'),
  loginText: z.string().min(1).default('登录后查看我的奖品').describe('Shown when not logged in.'),
  loginButtonText: z.string().min(1).max(8).default('立即登录').describe('The login button.'),
  errorText: z.string().min(1).default('奖品加载失败').describe('Shown when the call fails.'),
  moreText: z.string().min(1).max(8).default('加载更多').describe('Next page button.'),
});

export const prizeRecordsWidget = defineWidget({
  type: 'prize-records',
  description:
    "The visitor's prizes (myPrize), newest first and paged, with loading, empty, error-with-retry and login states.",
  props: prizeRecordsProps,
  meta: prizeRecordsMeta,
  apiCalls: (props) => [`generalActivity.${props.call}`],
  requiresLogin: true,
});

export type PrizeRecordsProps = z.output<typeof prizeRecordsProps>;
