/**
 * Reading the video membership calls (server/src/routes/video-vip.ts; amounts in cents):
 * - goodsList { activityCode } → { list: [{ goodsId, name, image, priceCents, originalPriceCents, days }] }
 * - pay / payV2 { activityCode, goodsId } → the order, plus the cashier fields and `sign` (pay)
 *   or one `orderInfo` string (payV2)
 * - query { orderNo } → { status: 'created' | 'paid' | 'closed', … }
 * - payFlow { activityCode } → { total, list: orders }
 * - membership { activityCode } → { active, expireTime } (ours)
 */
import { isRecord, listOf, num, pick, str } from '../_campaign-kit/api-error';

export interface VipGoods {
  goodsId: string;
  name: string;
  image: string;
  priceCents: number;
  originalPriceCents: number;
  days: number;
}

export interface VipOrder {
  orderNo: string;
  goodsName: string;
  amount: number;
  status: string;
  createTime: number;
}

export function parseGoods(payload: unknown): VipGoods[] {
  return listOf(payload).flatMap((item) => {
    if (!isRecord(item)) return [];
    const goodsId = str(pick(item, 'goodsId', 'id'));
    if (!goodsId) return [];
    return [
      {
        goodsId,
        name: str(item.name) || goodsId,
        image: str(item.image),
        priceCents: num(pick(item, 'priceCents', 'price')),
        originalPriceCents: num(pick(item, 'originalPriceCents', 'originalPrice')),
        days: num(item.days),
      },
    ];
  });
}

export function parseOrders(payload: unknown): VipOrder[] {
  return listOf(payload).flatMap((item) => {
    if (!isRecord(item)) return [];
    const orderNo = str(item.orderNo);
    if (!orderNo) return [];
    return [
      {
        orderNo,
        goodsName: str(pick(item, 'goodsName', 'subject')) || orderNo,
        amount: num(item.amount),
        status: str(item.status),
        createTime: num(item.createTime),
      },
    ];
  });
}

/** The membership end (ms) when active, else null. */
export function parseMembership(payload: unknown): number | null {
  if (!isRecord(payload) || payload.active !== true) return null;
  const end = num(payload.expireTime);
  return end > 0 ? end : null;
}

/** What the native cashier gets: pay takes the signed fields, payV2 the one order string. */
export function cashierOrder(payload: unknown, version: 'v1' | 'v2'): Record<string, unknown> {
  if (!isRecord(payload)) return {};
  if (version === 'v2') return { orderInfo: str(payload.orderInfo) };
  const { orderNo, amount, currency, subject, expireTime, sign } = payload;
  return { orderNo, amount, currency, subject, expireTime, sign };
}

export function orderStatus(payload: unknown): string {
  return isRecord(payload) ? str(payload.status) : '';
}

export function orderNoOf(payload: unknown): string {
  return isRecord(payload) ? str(payload.orderNo) : '';
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
