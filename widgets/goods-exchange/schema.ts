import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp, cssColor, urlProp } from '../../src/engine/document/prop-types';
import { isKnownApiName } from '../../src/services/api/catalogue';
import { goodsExchangeMeta } from './meta';

const callName = z
  .string()
  .refine(isKnownApiName, 'not a call of the API catalogue (src/services/api/catalogue.ts)');

/** A dot path into a call's result or one of its items ("sum", "goods.image"). */
const fieldPath = z
  .string()
  .regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 'expected a field name such as "balance"')
  .refine((path) => !path.split('.').includes('__proto__'), 'not a field name');

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

const scalar = z.union([z.string(), z.number(), z.boolean()]);

export const fixedGoods = z.strictObject({
  goodsId: z.string().min(1).max(64),
  name: z.string().min(1).max(30),
  desc: z.string().max(60).default(''),
  image: urlProp('image').optional(),
  cost: z.number().positive().describe('Price in the unit shown (after `balance.divisor`).'),
  params: z
    .record(z.string(), scalar)
    .default({})
    .describe('Extra parameters of the exchange call for this item.'),
});

export const goodsExchangeProps = z.strictObject({
  activityCode: activityCodeProp,
  title: z.string().max(20).default('积分兑换').describe('Heading; empty hides it.'),
  unit: copy('积分', 'What the balance is counted in (积分, NFC积分, 金米…).', 8),
  balance: z
    .strictObject({
      call: callName.default('points.balance'),
      field: fieldPath.default('balance').describe('Where the number is in the result.'),
      divisor: z
        .number()
        .int()
        .min(1)
        .default(1)
        .describe('The call answers in smaller units (gold rice: cents, spec §4: 100).'),
    })
    .prefault({})
    .describe('The call answering the balance the goods are bought with.'),
  goodsSource: z
    .strictObject({
      call: callName.default('points.goods'),
      listKey: fieldPath.optional().describe('Where the list is; `list` when absent.'),
      fields: z
        .strictObject({
          id: fieldPath.default('goodsId'),
          name: fieldPath.default('name'),
          desc: fieldPath.default('desc'),
          image: fieldPath.default('image'),
          cost: fieldPath.default('cost'),
          soldOut: fieldPath.default('soldOut'),
          exchanged: fieldPath.default('exchanged'),
          limit: fieldPath.default('perUserLimit'),
        })
        .prefault({}),
    })
    .prefault({})
    .describe(
      'Goods answered by a call (default: points.goods); not called when `goods` is given.',
    ),
  goods: z
    .array(fixedGoods)
    .max(40)
    .optional()
    .describe('A fixed list of goods instead of a call (e.g. gold-rice conversions).'),
  exchange: z
    .strictObject({
      call: callName.default('points.exchange'),
      idParam: z
        .string()
        .regex(/^[A-Za-z_][\w]*$/)
        .default('goodsId')
        .describe('Parameter carrying the goods id.'),
      resultBalanceField: fieldPath
        .default('balance')
        .describe('Where the answer carries the new balance (shown at once, then re-read).'),
    })
    .prefault({})
    .describe('The call that spends the balance on one unit.'),
  refreshCalls: z
    .array(callName)
    .default(['points.records', 'generalActivityCoupon.getBynUserData'])
    .describe('Cached calls of other widgets to re-read after an exchange (records, coupons).'),
  showGoods: z
    .boolean()
    .default(true)
    .describe('false: only the balance with its links (a balance card on a hub page).'),
  exchangeTarget: urlProp('link')
    .optional()
    .describe('The exchange page, linked beside the balance (for a balance card).'),
  exchangeLinkText: copy('去兑换', 'Link to the exchange page.', 8),
  columns: z.union([z.literal(1), z.literal(2)]).default(2),
  balanceLabel: copy('我的{unit}', 'Label of the balance; {unit} is replaced.', 20),
  exchangeText: copy('立即兑换', 'Button of goods that can be bought.', 6),
  lackText: copy('{unit}不足', 'Button when the balance is short; {unit} is replaced.', 8),
  soldOutText: copy('已兑完', 'Button of sold-out goods.', 6),
  limitText: copy('已达上限', 'Button when the visitor took the most allowed.', 6),
  confirmTitle: copy('确认兑换', 'Title of the confirm dialog.', 12),
  confirmText: copy(
    '确定使用{cost}{unit}兑换「{name}」吗？',
    'Text of the confirm dialog; {cost}, {unit}, {name} are replaced.',
    60,
  ),
  successTitle: copy('兑换成功', 'Title of the result dialog.', 12),
  successText: copy(
    '「{name}」已放入您的账户',
    'Text of the result dialog; {name} is replaced.',
    60,
  ),
  recordsTarget: urlProp('link')
    .optional()
    .describe('The records page; the result dialog links it.'),
  recordsText: copy('兑换记录', 'Link to the records page.', 8),
  errorText: copy('兑换失败，请稍后再试', 'Toast when an exchange fails for an unknown reason.'),
  loadErrorText: copy('商品加载失败', 'Shown when the goods cannot be loaded (with a retry).'),
  emptyText: copy('暂无可兑换的商品', 'Shown when there are no goods.'),
  loginText: copy('登录后查看{unit}并兑换', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.', 8),
  accentColor: cssColor.optional().describe('Colour of the balance, prices and buttons.'),
});

export const goodsExchangeWidget = defineWidget({
  type: 'goods-exchange',
  description:
    'Goods bought with a balance (points, NFC points, gold rice…): the balance, a goods grid with sold-out and per-user-limit states, a confirm dialog, the result and a link to the records; balance, goods and exchange calls are configurable.',
  props: goodsExchangeProps,
  meta: goodsExchangeMeta,
  events: ['exchange'],
});

export type GoodsExchangeProps = z.output<typeof goodsExchangeProps>;
