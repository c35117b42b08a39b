import { describe, expect, it, vi } from 'vitest';
import { orderOfPayArgs, sandboxCashierHandler, SANDBOX_CASHIER_PATH } from './sandbox-cashier';

const sign = 'a'.repeat(64);
const orderInfo = btoa(JSON.stringify({ orderNo: 'VV20250610abcdef0123456789', sign }))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

describe('the fake bridge cashier', () => {
  it('reads the order of pay (fields) and payV2 (orderInfo)', () => {
    expect(orderOfPayArgs({ orderNo: 'VV1', sign })).toEqual({ orderNo: 'VV1', sign });
    expect(orderOfPayArgs({ orderInfo })).toEqual({ orderNo: 'VV20250610abcdef0123456789', sign });
    expect(orderOfPayArgs({ orderInfo: '%%%' })).toBeNull();
    expect(orderOfPayArgs({})).toBeNull();
  });

  it('answers 0 only when the server completed the order', async () => {
    const paid = vi.fn(async () => new Response(JSON.stringify({ code: 0, result: {} })));
    expect(await sandboxCashierHandler(paid)({ orderNo: 'VV1', sign })).toEqual({ code: 0 });
    expect(paid).toHaveBeenCalledWith(
      SANDBOX_CASHIER_PATH,
      expect.objectContaining({ method: 'POST' }),
    );
    const off = vi.fn(async () => new Response(JSON.stringify({ code: 404 }), { status: 404 }));
    expect((await sandboxCashierHandler(off)({ orderNo: 'VV1', sign })).code).toBe(-1);
  });
});
