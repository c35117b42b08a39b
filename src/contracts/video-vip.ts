/**
 * Video membership, spec §7 /mp/api/video/vip/ (server/src/routes/video-vip.ts,
 * domain/video-vip.ts): goods, orders paid through the native cashier, and the membership.
 */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCodeParam, answer, API, millis } from './shared';

const V = `${API}video/vip/`;
const ORDER_NO = /^VV\d{8}[0-9a-f]{16}$/;

/** An order as its owner sees it; an unpaid order past its time reads 'closed'. */
const orderFields = {
  orderNo: z.string(),
  activityCode: z.string(),
  goodsId: z.string(),
  goodsName: z.string(),
  amount: z.number().int(),
  status: z.enum(['created', 'paid', 'closed']),
  createTime: millis,
  expireTime: millis,
  paidTime: millis.nullable(),
};
const order = answer(orderFields);
/** What the cashier is given, signed by the server (domain/video-vip.ts CashierFields). */
const cashierFields = {
  orderNo: z.string(),
  amount: z.number().int(),
  currency: z.literal('CNY'),
  subject: z.string(),
  expireTime: millis,
};
const pay = <O extends z.ZodType>(output: O) => ({
  mutation: true,
  input: z.object({
    activityCode: activityCodeParam,
    goodsId: z.string().min(1).max(64).describe('goodsId from goodsList'),
  }),
  output,
});

export const videoVipContracts = {
  'videoVip.goodsList': get(`${V}goodsList`, {
    input: z.object({ activityCode: activityCodeParam }),
    output: answer({
      list: z.array(
        answer({
          goodsId: z.string(),
          name: z.string(),
          image: z.string(),
          priceCents: z.number().int(),
          originalPriceCents: z.number().int(),
          days: z.number().int(),
        }),
      ),
    }),
  }),
  // Each needs an Idempotency-Key: a retried pay must not open a second order.
  'videoVip.pay': get(
    `${V}pay`,
    pay(answer({ ...orderFields, ...cashierFields, sign: z.string() })),
  ),
  // payV2: the bridge takes one opaque order string (base64url JSON of the signed fields).
  'videoVip.payV2': get(`${V}payV2`, pay(answer({ ...orderFields, orderInfo: z.string() }))),
  // Another user's order answers exactly like a missing one (404).
  'videoVip.query': get(`${V}query`, {
    input: z.object({
      orderNo: z
        .string()
        .regex(ORDER_NO, 'orderNo is not a video VIP order number')
        .describe('orderNo returned by pay or payV2'),
    }),
    output: order,
  }),
  'videoVip.payFlow': get(`${V}payFlow`, {
    input: z.object({
      activityCode: activityCodeParam.optional(),
      page: z.number().int().min(1).max(1000).default(1).describe('page number, from 1'),
      pageSize: z.number().int().min(1).max(50).default(20).describe('rows per page, 1-50'),
    }),
    output: answer({ total: z.number().int(), list: z.array(order) }),
  }),
  'videoVip.membership': get(`${V}membership`, {
    ours: true,
    input: z.object({ activityCode: activityCodeParam }),
    output: answer({
      active: z.boolean(),
      expireTime: millis.nullable(),
      paidOrders: z.number().int(),
      totalDays: z.number().int(),
    }),
  }),
  'videoVip.sandboxCashier': post(`${V}sandboxCashier`, {
    mutation: true,
    ours: true,
    input: z.object({
      orderNo: z.string().regex(ORDER_NO, 'orderNo is not a video VIP order number'),
      sign: z.string().regex(/^[0-9a-f]{64}$/, 'sign is the 64-hex signature of the order'),
    }),
    output: answer({
      orderNo: z.string(),
      status: z.literal('paid'),
      firstTime: z.boolean(),
      membershipExpireTime: millis,
    }),
  }),
} as const;
