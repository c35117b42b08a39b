import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const address = {
  name: 'Li Lei',
  phone: '13912345678',
  region: 'Beijing Haidian',
  address: 'Building 5, Room 101',
};

// Issue 15: on a seasonal page a physical prize is won, the address is filled on the page's
// address page, and the prize page shows the prize as addressed (to ship).
describe('saving the address marks the physical prizes waiting for it (routes/user-data.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '13100000011');
  });
  afterAll(() => t.close());

  const win = (cookie: string, code: string, prizeId: string, type: string) =>
    t.db.query(
      `INSERT INTO draws (user_id, activity_code, prize_id, prize_type, position, source, status, draw_day)
       VALUES ($1, $2, $3, $4, 0, 'luckDraw', $5, '2026-01-01')`,
      [userIdOf(cookie), code, prizeId, type, type === 'physical' ? 'unpaid' : 'done'],
    );

  it("moves the caller's unpaid physical prizes, of every activity, to 'addressed'", async () => {
    const bob = await login(t.app, '13100000012');
    await win(ann, 'demo-luckdraw', 'p-band', 'physical');
    await win(ann, 'demo-luckdraw', 'p-coupon-10', 'coupon');
    await win(ann, 'contract', 'p-band', 'physical');
    await win(bob, 'demo-luckdraw', 'p-band', 'physical');
    const unpaid = async (cookie: string) =>
      body<{ count: number }>(
        await c.get(`${G}/unpaidPrizeCount`, { activityCode: 'demo-luckdraw' }, cookie),
      ).result.count;
    expect(await unpaid(ann)).toBe(1);

    const saved = body<Record<string, unknown>>(
      await c.post(
        '/mp/api/user/insertOrUpdateUserData',
        { ...address, activityCode: 'demo-luckdraw' },
        ann,
      ),
    );
    expect(saved.code).toBe(0);
    expect(saved.result).toMatchObject({ ...address, addressedPrizes: 2 });
    expect(await unpaid(ann)).toBe(0);
    const mine = body<{ list: { prizeId: string; status: string }[] }>(
      await c.get(`${G}/myPrize`, { activityCode: 'demo-luckdraw' }, ann),
    ).result.list;
    expect(mine.map((p) => [p.prizeId, p.status])).toEqual([
      ['p-coupon-10', 'done'],
      ['p-band', 'addressed'],
    ]);
    // Another user's prize is untouched.
    const rest = await t.db.query<{ user_id: string }>(
      `SELECT user_id::text FROM draws WHERE prize_type = 'physical' AND status = 'unpaid'`,
    );
    expect(rest.rows).toEqual([{ user_id: userIdOf(bob) }]);
    expect(await unpaid(bob)).toBe(1);
    // Saving again changes nothing more.
    const again = body<Record<string, unknown>>(
      await c.post(
        '/mp/api/user/insertOrUpdateUserData',
        { ...address, activityCode: 'demo-luckdraw' },
        ann,
      ),
    );
    expect(again.result).toMatchObject({ addressedPrizes: 0 });
  });

  it('a physical prize won after the address is saved is to ship at once', async () => {
    const t2 = await createTestApp({
      now: '2026-06-10T10:00:00+08:00',
      // Without the per-user limits, a second draw cannot fall back to the thanks slot.
      editActivities: (activities) => {
        for (const prize of activities.get('jewel-box')?.prizes ?? []) delete prize.perUserLimit;
      },
    });
    try {
      const c2 = caller(t2);
      const dan = await login(t2.app, '13100000014');
      // server/activities/jewel-box.json: every prize a draw can land on is physical.
      const first = body<{ prizeType: string; drawId: number }>(
        await c2.post(`${G}/luckDraw`, { activityCode: 'jewel-box' }, dan, 'jewel-box-draw-1'),
      );
      expect(first.code, JSON.stringify(first)).toBe(0);
      expect(first.result.prizeType).toBe('physical');
      await c2.post('/mp/api/user/insertOrUpdateUserData', address, dan);
      // The next day's free chance: a second physical prize, with the address already there.
      t2.setNow('2026-06-11T10:00:00+08:00');
      const second = body<{ prizeType: string }>(
        await c2.post(`${G}/luckDraw`, { activityCode: 'jewel-box' }, dan, 'jewel-box-draw-2'),
      );
      expect(second.result.prizeType).toBe('physical');
      const list = body<{ list: { status: string }[] }>(
        await c2.get(`${G}/myPrize`, { activityCode: 'jewel-box' }, dan),
      ).result.list;
      expect(list.map((p) => p.status)).toEqual(['addressed', 'addressed']);
    } finally {
      await t2.close();
    }
  });
});
