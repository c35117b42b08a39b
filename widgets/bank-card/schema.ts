import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { bankCardMeta } from './meta';

const copy = (fallback: string, max = 40) => z.string().min(1).max(max).default(fallback);

export const bankCardProps = z.strictObject({
  mode: z
    .enum(['entry', 'bind'])
    .default('entry')
    .describe(
      '`entry`: the bound cards and a button that asks configActivity.bindCardUrl where to bind; `bind`: the binding form (bankCard.bind, ours).',
    ),
  title: z.string().max(20).default('我的银行卡').describe('Heading; empty hides it.'),
  banks: z
    .array(z.string().min(2).max(20))
    .min(1)
    .max(30)
    .default(['工商银行', '建设银行', '农业银行', '中国银行', '招商银行', '交通银行', '邮储银行'])
    .describe('Banks offered in the form.'),
  entryText: copy('绑定银行卡', 10),
  submitText: copy('确认绑定', 8),
  agreementText: copy('我已阅读并同意《银行卡绑定服务协议》', 60),
  emptyText: copy('还没有绑定银行卡'),
  successText: copy('绑定成功'),
  alreadyText: copy('这张卡已经绑定过了'),
  invalidText: copy('请输入正确的银行卡号'),
  agreementRequiredText: copy('请先阅读并同意服务协议'),
  limitText: copy('最多可绑定5张银行卡'),
  errorText: copy('绑定失败，请稍后再试'),
  loadErrorText: copy('银行卡加载失败'),
  loginText: copy('登录后绑定银行卡'),
  loginButtonText: copy('立即登录', 8),
});

export const bankCardWidget = defineWidget({
  type: 'bank-card',
  description:
    "The visitor's bound bank cards (last four digits), an entry that follows configActivity.bindCardUrl, and the binding form with the check-digit test (bankCard.bind, ours; the number is never stored).",
  props: bankCardProps,
  meta: bankCardMeta,
  apiCalls: () => ['bankCard.list', 'bankCard.bind', 'configActivity.bindCardUrl'],
  events: ['bound'],
});

export type BankCardProps = z.output<typeof bankCardProps>;
