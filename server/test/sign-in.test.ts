import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, login, TEST_DATABASE_URL, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const payload = { activityCode: 'demo-luckdraw' };

interface SignResult {
  awarded: boolean;
  signCount: number;
  day: string;
  reward: { chances: number; goldRiceCents: number };
}

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2025-06-10T10:00:00+08:00' });
  });
  afterAll(() => t.close());

  const sign = (cookie: string) =>
    t.app.inject({ method: 'POST', url: `${G}/signIn`, headers: { cookie }, payload });

  it('signs in once per Beijing day and counts the streak', async () => {
    const cookie = await login(t.app, '13600000001');
    const first = body<SignResult>(await sign(cookie)).result;
    expect(first).toMatchObject({
      awarded: true,
      signCount: 1,
      day: '2025-06-10',
      reward: { chances: 1 },
    });
    const again = body<SignResult>(await sign(cookie)).result;
    expect(again).toMatchObject({ awarded: false, signCount: 1 });

    // 23:59 Beijing is still the same campaign day, although it is the next day in no zone
    // that matters; 00:00:01 Beijing (16:00:01 UTC) is the next one.
    t.setNow('2025-06-10T23:59:00+08:00');
    expect(body<SignResult>(await sign(cookie)).result.awarded).toBe(false);
    t.setNow('2025-06-10T16:00:01Z');
    const day2 = body<SignResult>(await sign(cookie)).result;
    expect(day2).toMatchObject({
      awarded: true,
      signCount: 2,
      day: '2025-06-11',
      reward: { goldRiceCents: 10 },
    });

    const q = await t.app.inject({
      method: 'GET',
      url: `${G}/querySignIn?activityCode=demo-luckdraw`,
      headers: { cookie },
    });
    const state = body<{ signStatus: number; signCount: number; days: { signed: boolean }[] }>(
      q,
    ).result;
    expect(state.signStatus).toBe(1);
    expect(state.signCount).toBe(2);
    expect(state.days.filter((d) => d.signed)).toHaveLength(2);

    // A missed day restarts the streak.
    t.setNow('2025-06-13T09:00:00+08:00');
    expect(body<SignResult>(await sign(cookie)).result).toMatchObject({
      awarded: true,
      signCount: 1,
    });
    const info = await t.app.inject({
      method: 'POST',
      url: `${G}/userInfo`,
      headers: { cookie },
      payload,
    });
    expect(body(info).result).toMatchObject({ signStatus: 1, signCount: 1 });
    t.setNow('2025-06-10T10:00:00+08:00');
  });

  it('GET sign is the same action as POST signIn', async () => {
    const cookie = await login(t.app, '13600000002');
    const a = await t.app.inject({
      method: 'GET',
      url: `${G}/sign?activityCode=demo-luckdraw`,
      headers: { cookie },
    });
    expect(body<SignResult>(a).result.awarded).toBe(true);
    expect(body<SignResult>(await sign(cookie)).result.awarded).toBe(false);
  });

  it('opens new-user sign packets one per day until they run out', async () => {
    const cookie = await login(t.app, '13600000003');
    const open = () =>
      t.app.inject({
        method: 'POST',
        url: `${G}/newUser/openSignPacket`,
        headers: { cookie },
        payload,
      });
    const paid: number[] = [];
    for (const day of ['2025-06-10', '2025-06-11', '2025-06-15', '2025-06-16']) {
      t.setNow(`${day}T12:00:00+08:00`);
      const res = await open();
      if (res.statusCode === 200) paid.push(body<SignResult>(res).result.reward.goldRiceCents);
      else expect(res.statusCode).toBe(403);
      expect(body<SignResult>(await open()).result?.awarded ?? false).toBe(false);
    }
    expect(paid).toEqual([100, 200, 300]);
    t.setNow('2025-06-10T10:00:00+08:00');
  });

  it('requires a user and a known activity', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${G}/signIn`, payload })).statusCode).toBe(
      401,
    );
    const cookie = await login(t.app, '13600000004');
    const res = await t.app.inject({
      method: 'POST',
      url: `${G}/signIn`,
      headers: { cookie },
      payload: { activityCode: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: `${G}/signIn`, headers: { cookie } });
    expect(none.statusCode).toBe(400);
  });

  it('refuses sign-in outside the activity window without writing', async () => {
    t.setNow('2031-01-01T00:00:00+08:00');
    const cookie = await login(t.app, '13600000005');
    expect((await sign(cookie)).statusCode).toBe(403);
    t.setNow('2025-06-10T10:00:00+08:00');
    const rows = await t.db.query('SELECT 1 FROM sign_ins WHERE user_id = $1', [userIdOf(cookie)]);
    expect(rows.rowCount).toBe(0);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('sign-in under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 40 });
  });
  afterAll(() => t.close());

  it('200 concurrent sign-ins by one user award once', async () => {
    const cookie = await login(t.app, '13600000099');
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.app.inject({ method: 'POST', url: `${G}/signIn`, headers: { cookie }, payload }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const awarded = results.filter((r) => body<SignResult>(r).result.awarded);
    expect(awarded).toHaveLength(1);
    const userId = userIdOf(cookie);
    const signs = await t.db.query('SELECT 1 FROM sign_ins WHERE user_id = $1', [userId]);
    expect(signs.rowCount).toBe(1);
    const ledger = await t.db.query(
      'SELECT 1 FROM chance_ledger WHERE user_id = $1 AND reason = $2',
      [userId, 'signIn:daily'],
    );
    expect(ledger.rowCount).toBe(1);
    const balance = await t.db.query<{ balance: number }>(
      'SELECT balance FROM user_chances WHERE user_id = $1',
      [userId],
    );
    expect(balance.rows[0]?.balance).toBe(1);
  });
});
