import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../app-context';
import type { Db } from '../db/types';
import { ApiError } from '../http/envelope';

/** The fields the native cashier receives with an order (spec §7 Native bridge: pay / payV2). */
export interface CashierFields {
  orderNo: string;
  amount: number;
  currency: 'CNY';
  subject: string;
  expireTime: number;
}

/** HMAC of the cashier fields, sorted by name; the secret never leaves the server. */
export function signCashierFields(secret: string, fields: CashierFields): string {
  const record = fields as unknown as Record<string, string | number>;
  return createHmac('sha256', secret)
    .update(
      Object.keys(record)
        .sort()
        .map((k) => `${k}=${record[k]}`)
        .join('&'),
    )
    .digest('hex');
}

export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

interface PaidRow {
  order_no: string;
  user_id: string;
  activity_code: string;
  goods_id: string;
}

export interface CompletedOrder {
  orderNo: string;
  status: 'paid';
  /** False when the order was already paid (a repeated cashier result changes nothing). */
  firstTime: boolean;
  membershipExpireTime: number;
}

/**
 * Marks an order paid once and grants its membership days, in one transaction: the order moves
 * from 'created' to 'paid' by a conditional UPDATE (an expired or closed order cannot be paid,
 * a second result for it finds no 'created' row), and only the transaction that moved it extends
 * the membership, from its current end or from now, whichever is later.
 */
export async function completeVipOrder(
  ctx: AppContext,
  tx: Db,
  input: { orderNo: string; userId: string; tradeNo: string; days: (row: PaidRow) => number },
): Promise<CompletedOrder> {
  const now = ctx.now();
  const moved = await tx.query<PaidRow>(
    `UPDATE video_vip_orders SET status = 'paid', paid_at = $3, trade_no = $4
     WHERE order_no = $1 AND user_id = $2 AND status = 'created' AND expires_at > $3
     RETURNING order_no, user_id, activity_code, goods_id`,
    [input.orderNo, input.userId, now, input.tradeNo],
  );
  const row = moved.rows[0];
  if (row) {
    const days = input.days(row);
    const membership = await tx.query<{ expires_at: Date; starts_at: Date }>(
      `INSERT INTO video_vip_memberships (user_id, activity_code, expires_at, updated_at)
       VALUES ($1, $2, $3::timestamptz + make_interval(days => $4::int), $3)
       ON CONFLICT (user_id, activity_code) DO UPDATE SET
         expires_at = GREATEST(video_vip_memberships.expires_at, $3::timestamptz)
           + make_interval(days => $4::int),
         updated_at = $3
       RETURNING expires_at, expires_at - make_interval(days => $4::int) AS starts_at`,
      [input.userId, row.activity_code, now, days],
    );
    const m = membership.rows[0];
    if (!m) throw new Error('membership upsert returned no row');
    await tx.query(
      `INSERT INTO video_vip_grants (order_no, user_id, activity_code, days, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.order_no, input.userId, row.activity_code, days, m.starts_at, m.expires_at],
    );
    return {
      orderNo: row.order_no,
      status: 'paid',
      firstTime: true,
      membershipExpireTime: new Date(m.expires_at).getTime(),
    };
  }
  const current = await tx.query<{ status: string; activity_code: string }>(
    'SELECT status, activity_code FROM video_vip_orders WHERE order_no = $1 AND user_id = $2',
    [input.orderNo, input.userId],
  );
  const found = current.rows[0];
  if (!found) throw new ApiError(404, 'no such order');
  if (found.status !== 'paid') {
    throw new ApiError(409, 'the order is closed and cannot be paid', 'ORDER_CLOSED');
  }
  const m = await tx.query<{ expires_at: Date }>(
    'SELECT expires_at FROM video_vip_memberships WHERE user_id = $1 AND activity_code = $2',
    [input.userId, found.activity_code],
  );
  return {
    orderNo: input.orderNo,
    status: 'paid',
    firstTime: false,
    membershipExpireTime: new Date(m.rows[0]?.expires_at ?? now).getTime(),
  };
}
