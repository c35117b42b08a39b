import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, caller } from './call-helpers';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const T = '/mp/api/traffic';
const A = { activityCode: 'demo-luckdraw' };

interface Completion {
  token: string;
  firstToday: boolean;
  day: string;
  reward: { goldRiceCents: number };
}

describe('shop-partner traffic (routes/traffic.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '18800000001');
    bob = await login(t.app, '18800000002');
  });
  afterAll(() => t.close());
  const complete = async (cookie: string) =>
    body<Completion>(await c.post(`${T}/jdComplete`, A, cookie)).result;

  it('records and pays the visit once per campaign day', async () => {
    const first = await complete(ann);
    expect(first).toMatchObject({
      firstToday: true,
      day: '2025-06-10',
      reward: { goldRiceCents: 20 },
    });
    expect(first.token).toMatch(/^[0-9a-f]{32}$/);
    const again = await complete(ann);
    expect(again).toMatchObject({
      token: first.token,
      firstToday: false,
      reward: { goldRiceCents: 20 },
    });
    expect((await balances(t, userIdOf(ann))).goldRiceCents).toBe(20);
    t.setNow('2025-06-11T10:00:00+08:00');
    const next = await complete(ann);
    t.setNow('2025-06-10T10:00:00+08:00');
    expect(next.token).not.toBe(first.token);
    expect((await balances(t, userIdOf(ann))).goldRiceCents).toBe(40);
  });

  it('reads a record by its token, for its owner only', async () => {
    const mine = await complete(ann);
    const res = await c.get(`${T}/${mine.token}`, {}, ann);
    expect(body(res).result).toMatchObject({ token: mine.token, partner: 'jd', day: '2025-06-10' });
    expect((await c.get(`${T}/${mine.token}`, {}, bob)).statusCode).toBe(404);
    expect((await c.get(`${T}/${'0'.repeat(32)}`, {}, ann)).statusCode).toBe(404);
  });

  it('validates the token format and needs a login', async () => {
    for (const token of ['abc', 'G'.repeat(32), `${'a'.repeat(32)}x`, 'A'.repeat(32)]) {
      expect((await c.get(`${T}/${token}`, {}, ann)).statusCode, token).toBe(400);
    }
    expect((await c.get(`${T}/${'a'.repeat(32)}`, {}, null)).statusCode).toBe(401);
    expect((await c.post(`${T}/jdComplete`, A, null)).statusCode).toBe(401);
    expect((await c.post(`${T}/jdComplete`, {}, bob)).statusCode).toBe(400);
    expect((await c.post(`${T}/jdComplete`, { activityCode: 'nope' }, bob)).statusCode).toBe(400);
    expect((await balances(t, userIdOf(bob))).goldRiceCents).toBe(0);
  });
});
