/**
 * The video membership calls' answers (amounts in cents), typed by their contracts
 * (src/contracts/video-vip.ts); the widget reads them as they are.
 */
import type { ApiOutput } from '../../src/contracts';

export type VipGoods = ApiOutput<'videoVip.goodsList'>['list'][number];
export type VipOrder = ApiOutput<'videoVip.payFlow'>['list'][number];
type PayAnswer = ApiOutput<'videoVip.pay'> | ApiOutput<'videoVip.payV2'>;

/** A goods without a name shows its id. */
export function goodsOf(answer: ApiOutput<'videoVip.goodsList'> | undefined): VipGoods[] {
  return (answer?.list ?? []).map((item) => ({ ...item, name: item.name || item.goodsId }));
}

export function ordersOf(answer: ApiOutput<'videoVip.payFlow'> | undefined): readonly VipOrder[] {
  return answer?.list ?? [];
}

/** The membership end (ms) when active, else null. */
export function membershipEnd(answer: ApiOutput<'videoVip.membership'> | undefined): number | null {
  return answer?.active === true ? answer.expireTime : null;
}

/** What the native cashier gets: pay takes the signed fields, payV2 the one order string. */
export function cashierOrder(answer: PayAnswer | undefined): Record<string, unknown> {
  if (!answer) return {};
  if ('orderInfo' in answer) return { orderInfo: answer.orderInfo };
  const { orderNo, amount, currency, subject, expireTime, sign } = answer;
  return { orderNo, amount, currency, subject, expireTime, sign };
}

/** ¥ with two decimals, as the cashier shows it. */
export function yuan(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** YYYY-MM-DD in Beijing time (spec: campaigns run on Beijing time). */
export function beijingDate(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

export const ORDER_STATUS_TEXT: Readonly<Record<string, string>> = {
  created: '待支付',
  paid: '已支付',
  closed: '已关闭',
};
