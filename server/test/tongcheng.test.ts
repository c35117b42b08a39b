import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const T = '/mp/api/tongchengActivity';
const A = { activityCode: 'tongcheng-q3' };

interface Status {
  bound: boolean;
  phone: string | null;
  stage: 'unbound' | 'canDraw' | 'noChance';
  remainChance: number;
  lastPrize: { prizeId: string; name: string } | null;
}

describe('Tongcheng phone binding (routes/partner-draws.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  beforeAll(async () => {
    // Inside the Q3 activity's window (server/activities/tongcheng-q3.json).
    t = await createTestApp({ now: '2026-08-10T10:00:00+08:00' });
    c = caller(t);
  });
  afterAll(() => t.close());
  const status = async (cookie: string) =>
    body<Status>(await c.get(`${T}/getUserDrawStatus`, A, cookie)).result;

  it('refuses a draw before a phone is bound, then binds the account phone and draws', async () => {
    const ann = await login(t.app, '15100000001');
    expect(await status(ann)).toMatchObject({ bound: false, phone: null, stage: 'unbound' });
    const refused = await c.post(`${T}/saveTongchengUserDraw`, A, ann);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ error: 'PHONE_REQUIRED' });
    const drawn = await c.post(
      `${T}/saveTongchengUserDraw`,
      { ...A, useAccountPhone: 'true' },
      ann,
    );
    expect(drawn.statusCode).toBe(200);
    expect(body(drawn).result).toMatchObject({ phone: '151****0001' });
    const after = await status(ann);
    expect(after).toMatchObject({ bound: true, phone: '151****0001', stage: 'noChance' });
    expect(after.remainChance).toBe(0);
  });

  it('keeps the first phone bound; a later one changes nothing', async () => {
    const bob = await login(t.app, '15100000002');
    const first = await c.post(`${T}/saveTongchengUserDraw`, { ...A, phone: '13912345678' }, bob);
    expect(first.statusCode).toBe(200);
    // No chance left today: the draw is refused, the binding stays the first one.
    const second = await c.post(`${T}/saveTongchengUserDraw`, { ...A, phone: '13800000000' }, bob);
    expect(second.statusCode).toBe(409);
    expect(await status(bob)).toMatchObject({ phone: '139****5678', stage: 'noChance' });
    const rows = await t.db.query<{ phone: string }>(
      'SELECT phone FROM tongcheng_bindings WHERE activity_code = $1 ORDER BY created_at',
      ['tongcheng-q3'],
    );
    expect(rows.rows.map((r) => r.phone)).toEqual(['15100000001', '13912345678']);
  });

  it('keeps the binding when the draw finds no chance, and refuses bad phones', async () => {
    const carl = await login(t.app, '15100000003');
    // Today's free chance already granted and spent.
    await t.db.query(
      `INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref)
       SELECT id, 'tongcheng-q3', 0, 'dailyFree', '2026-08-10' FROM users WHERE phone = '15100000003'`,
    );
    const res = await c.post(`${T}/saveTongchengUserDraw`, { ...A, phone: '13700001111' }, carl);
    expect(res.statusCode).toBe(409);
    expect(await status(carl)).toMatchObject({ bound: true, stage: 'noChance' });
    for (const phone of ['1370000', '23700001111', 'abc']) {
      const bad = await c.post(`${T}/saveTongchengUserDraw`, { ...A, phone }, carl);
      expect(bad.statusCode, phone).toBe(400);
    }
    expect((await c.get(`${T}/getUserDrawStatus`, A, null)).statusCode).toBe(401);
  });

  it('two binds at once with different phones leave one binding and one draw', async () => {
    const dan = await login(t.app, '15100000004');
    const [a, b] = await Promise.all([
      c.post(`${T}/saveTongchengUserDraw`, { ...A, phone: '13911110001' }, dan),
      c.post(`${T}/saveTongchengUserDraw`, { ...A, phone: '13911110002' }, dan),
    ]);
    // One draw wins today's chance; the other finds none (409), never a server error.
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await t.db.query<{ phone: string }>(
      `SELECT b.phone FROM tongcheng_bindings b JOIN users u ON u.id = b.user_id
       WHERE u.phone = '15100000004'`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(await status(dan)).toMatchObject({
      phone: `${rows.rows[0]?.phone.slice(0, 3)}****${rows.rows[0]?.phone.slice(-4)}`,
    });
  });
});
