/**
 * The fake bridge's cashier (previews and end-to-end tests): where the real app's cashier takes
 * the user's money and notifies the server, this one hands the order's signature to the
 * reference server's sandbox cashier (server/src/routes/video-vip.ts, on only with
 * SANDBOX_CASHIER=1), which completes the order. pay passes the cashier fields with `sign`;
 * payV2 one opaque `orderInfo` (base64url JSON holding the same fields and `sign`).
 */
import { API_BASE_PATH } from '../../spec/constants';
import type { BridgeResult } from './bridge-global';

export const SANDBOX_CASHIER_PATH = `${API_BASE_PATH}video/vip/sandboxCashier`;

/** The order number and signature a pay or payV2 call carries, or null. */
export function orderOfPayArgs(
  args: Record<string, unknown>,
): { orderNo: string; sign: string } | null {
  let fields: Record<string, unknown> = args;
  if (typeof args.orderInfo === 'string') {
    try {
      const base64 = args.orderInfo.replace(/-/g, '+').replace(/_/g, '/');
      const parsed: unknown = JSON.parse(atob(base64));
      if (typeof parsed !== 'object' || parsed === null) return null;
      fields = parsed as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  const { orderNo, sign } = fields;
  return typeof orderNo === 'string' && typeof sign === 'string' ? { orderNo, sign } : null;
}

/** A fake-bridge handler for pay and payV2: 0 once the server says paid, -1 otherwise. */
export function sandboxCashierHandler(
  fetcher: typeof fetch,
): (args: Record<string, unknown>) => Promise<BridgeResult> {
  return async (args) => {
    const order = orderOfPayArgs(args);
    if (!order) return { code: -1, message: 'no order to pay' };
    const response = await fetcher(SANDBOX_CASHIER_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(order).toString(),
    });
    const envelope = (await response.json().catch(() => null)) as { code?: unknown } | null;
    return response.ok && envelope?.code === 0 ? { code: 0 } : { code: -1, message: 'not paid' };
  };
}
