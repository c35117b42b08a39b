import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const C = '/mp/api/generalActivityCoupon';
const CODE = 'demo-luckdraw';

interface CouponView {
  couponId: string;
  soldOut: boolean;
  claimed: number;
  canClaim: boolean;
}

describe('coupons', () => {
  let t: TestApp;
  let cookie: string;
  const post = (url: string, payload: object, c = cookie, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: c, ...headers } });
  const held = async (c = cookie) =>
    Number(
      (
        await t.db.query<{ n: number }>(
          'SELECT COUNT(*)::int AS n FROM user_coupons WHERE user_id = $1',
          [userIdOf(c)],
        )
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp({
      // Small pool for the sold-out case.
      editActivities: (m) => {
        const a = m.get(CODE);
        if (!a) return;
        m.set(CODE, {
          ...a,
          coupons: a.coupons.map((c) => (c.couponId === 'c-50-off' ? { ...c, pool: 2 } : c)),
        });
      },
    });
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('lists coupons with sold-out flags, never the pool size', async () => {
    const res = await post(`${C}/getByConfigId2C`, { activityCode: CODE }, '');
    const list = body<{ list: CouponView[] }>(res).result.list;
    expect(list.map((c) => c.couponId)).toEqual(['c-10-off', 'c-50-off']);
    expect(list.every((c) => !c.soldOut && c.claimed === 0)).toBe(true);
    expect(res.body).not.toMatch(/"pool"|"remaining"/);
  });

  it('claims up to the per-user limit, on either claim path', async () => {
    const claims = [];
    for (const url of [`${C}/drawCoupon`, '/mp/api/configActivity/sendCoupon', `${C}/drawCoupon`]) {
      claims.push(await post(url, { activityCode: CODE, couponId: 'c-10-off' }));
    }
    expect(claims.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const over = await post(`${C}/drawCoupon`, { activityCode: CODE, couponId: 'c-10-off' });
    expect(over.statusCode).toBe(409);
    expect(body(over).error).toBe('LIMIT_REACHED');
    expect(await held()).toBe(3);
    const mine = body<{ total: number; list: { useUrl: string }[] }>(
      await post(`${C}/getBynUserData`, { activityCode: CODE }),
    );
    expect(mine.result.total).toBe(3);
    expect(mine.result.list[0]?.useUrl).toBe('/mp/activity/bind-card');
    const info = body<{ total: number }>(
      await post('/mp/api/configActivity/couponUserInfo', { activityCode: CODE }),
    );
    expect(info.result.total).toBe(3);
  });

  it('stops at the pool and rolls back the user count when the pool is empty', async () => {
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await login(t.app, `1370000003${i}`));
    const codes = [];
    for (const c of users) {
      codes.push(
        (await post(`${C}/drawCoupon`, { activityCode: CODE, couponId: 'c-50-off' }, c)).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 409]);
    const last = users[2] ?? '';
    const view = body<{ list: CouponView[] }>(
      await post(`${C}/getByConfigId2C`, { activityCode: CODE }, last),
    );
    expect(view.result.list.find((c) => c.couponId === 'c-50-off')).toMatchObject({
      soldOut: true,
      claimed: 0,
      canClaim: false,
    });
  });

  it('replays an idempotency key and maps coupon URLs', async () => {
    const c = await login(t.app, '13700000041');
    const h = { [IDEMPOTENCY_HEADER]: 'coupon-key-1' };
    const a = await post(`${C}/drawCoupon`, { activityCode: CODE, couponId: 'c-10-off' }, c, h);
    const b = await post(`${C}/drawCoupon`, { activityCode: CODE, couponId: 'c-10-off' }, c, h);
    expect(body(b).result).toEqual(body(a).result);
    expect(await held(c)).toBe(1);
    const map = body<{ map: Record<string, string> }>(
      await post(`${C}/getBynCouponUrlMap`, { activityCode: CODE }, ''),
    );
    expect(map.result.map).toEqual({
      'c-10-off': '/mp/activity/bind-card',
      'c-50-off': '/mp/activity/bind-card',
    });
  });

  it('answers 400 to malformed claims and 401 without login, writing nothing', async () => {
    const c = await login(t.app, '13700000042');
    for (const payload of [
      {},
      { activityCode: CODE },
      { activityCode: CODE, couponId: 'nope' },
      { activityCode: CODE, couponId: '<script>' },
      { activityCode: 'nope', couponId: 'c-10-off' },
    ]) {
      const res = await post(`${C}/drawCoupon`, payload, c);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBeTruthy();
    }
    expect(
      (await post(`${C}/drawCoupon`, { activityCode: CODE, couponId: 'c-10-off' }, '')).statusCode,
    ).toBe(401);
    expect(await held(c)).toBe(0);
  });
});
