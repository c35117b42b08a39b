import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp, cssColor, urlProp } from '../../src/engine/document/prop-types';
import { balanceWithdrawMeta } from './meta';

const copy = (fallback: string, max = 40) => z.string().min(1).max(max).default(fallback);

export const balanceWithdrawProps = z.strictObject({
  activityCode: activityCodeProp,
  show: z
    .enum(['withdraw', 'records', 'all'])
    .default('all')
    .describe(
      '`withdraw`: the balance and the cash-out form; `records`: the withdrawals (and completed tasks); `all`: both.',
    ),
  kind: z
    .enum(['coin', 'redPacket'])
    .default('coin')
    .describe('The withdraw call: coinWithDraw (`coin`) or redPacketWithDraw (`redPacket`).'),
  title: z.string().max(20).default('我的余额').describe('Heading; empty hides it.'),
  unit: copy('元', 8),
  amounts: z
    .array(z.number().int().min(1).max(100_000_000))
    .min(1)
    .max(6)
    .default([100, 500, 1000, 2000])
    .describe('Amounts offered, in cents (spec §4: the balance is in cents, shown ÷ 100).'),
  withdrawText: copy('立即提现', 8),
  confirmText: copy('确定提现{amount}{unit}吗？提现后1-3个工作日到账。', 60).describe(
    'Asked before withdrawing; {amount} and {unit} are replaced.',
  ),
  successText: copy('提现申请已提交，预计1-3个工作日到账', 60),
  minText: copy('最低提现{min}{unit}').describe('The minimum line; {min} and {unit} replaced.'),
  belowMinText: copy('余额不足最低提现金额，先去做任务赚钱吧'),
  insufficientText: copy('余额不足'),
  errorText: copy('提现失败，请稍后再试'),
  loadErrorText: copy('余额加载失败'),
  loginText: copy('登录后查看余额和提现'),
  loginButtonText: copy('立即登录', 8),
  recordsTitle: z.string().max(20).default('提现记录').describe('Heading of the withdrawals.'),
  recordsEmptyText: copy('暂无提现记录'),
  statusTexts: z
    .record(z.string(), z.string().min(1).max(10))
    .default({ pending: '处理中', done: '已到账', failed: '提现失败' })
    .describe('Label per withdrawal status from the server.'),
  taskRecords: z
    .boolean()
    .default(false)
    .describe(
      'With `records`: also list the completed tasks and their rewards (showTaskListHistory).',
    ),
  taskRecordsTitle: z.string().max(20).default('任务奖励记录'),
  taskRecordsEmptyText: copy('暂无任务记录'),
  earnTarget: urlProp('link')
    .optional()
    .describe('Where "earn more" goes (the task page) when the balance is below the minimum.'),
  earnText: copy('去赚钱', 8),
  accentColor: cssColor.optional(),
});

export const balanceWithdrawWidget = defineWidget({
  type: 'balance-withdraw',
  description:
    'The cash balance (coinInfo, cents ÷ 100), cash-out with amount choice, minimum and confirm (coinWithDraw / redPacketWithDraw), and the withdrawal and task-reward records.',
  props: balanceWithdrawProps,
  meta: balanceWithdrawMeta,
  apiCalls: () => [
    'generalActivity.coinInfo',
    'generalActivity.showTaskListHistory',
    'generalActivity.coinWithDraw',
    'generalActivity.redPacketWithDraw',
  ],
  events: ['withdrawn'],
});

export type BalanceWithdrawProps = z.output<typeof balanceWithdrawProps>;
