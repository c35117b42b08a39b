import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const payload = { activityCode: 'demo-luckdraw' };

describe('user info and visit index', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await login(t.app, '13500000001');
  });
  afterAll(() => t.close());
  const post = (url: string, p: object = payload, c = cookie) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: c }, payload: p });

  it('returns spec §3 defaults for a fresh user', async () => {
    const res = await post(`${G}/userInfo`);
    expect(body(res).result).toMatchObject({
      nickName: '135****0001',
      remindStatus: 1,
      activityRemindStatus: 1,
      shareStatus: 0,
      signStatus: 0,
      signCount: 0,
    });
    expect(typeof body<{ shareCode: string }>(res).result.shareCode).toBe('string');
  });

  it('visitIndex marks first visits, pays the daily chance and the visit task once a day', async () => {
    const first = body<Record<string, unknown>>(await post(`${G}/visitIndex`)).result;
    // dailyFree 1 + visit task 1
    expect(first).toMatchObject({
      firstInStatus: 1,
      dayFirstInStatus: 1,
      remainChance: 2,
      responseDone: true,
    });
    const second = body<Record<string, unknown>>(await post(`${G}/visitIndex`)).result;
    expect(second).toMatchObject({ firstInStatus: 0, dayFirstInStatus: 0, remainChance: 2 });
    t.setNow('2025-06-11T08:00:00+08:00');
    const nextDay = body<Record<string, unknown>>(await post(`${G}/visitIndex`)).result;
    expect(nextDay).toMatchObject({ firstInStatus: 0, dayFirstInStatus: 1, remainChance: 4 });
    t.setNow('2025-06-10T10:00:00+08:00');
  });

  it('updates only the caller, and validates every field', async () => {
    const ok = await post(`${G}/updateUserInfo`, { ...payload, nickName: 'Ann', remindStatus: 0 });
    expect(body(ok).code).toBe(0);
    const other = await login(t.app, '13500000002');
    const mine = body(await post(`${G}/userInfo`)).result;
    expect(mine).toMatchObject({ nickName: 'Ann', remindStatus: 0 });
    const theirs = body(await post(`${G}/userInfo`, payload, other)).result;
    expect(theirs).toMatchObject({ nickName: '135****0002', remindStatus: 1 });
    for (const bad of [
      { remindStatus: 5 },
      { nickName: '' },
      { avatarUrl: 'javascript:alert(1)' },
      { userId: 1, nickName: 'x'.repeat(40) },
    ]) {
      const res = await post(`${G}/updateUserInfo`, { ...payload, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(body(await post(`${G}/userInfo`)).result).toMatchObject({ nickName: 'Ann' });
  });

  it('returns login time and a masked profile', async () => {
    const time = await t.app.inject({
      method: 'GET',
      url: `${G}/getLoginTime`,
      headers: { cookie },
    });
    expect(body<{ loginTime: number }>(time).result.loginTime).toBeGreaterThan(0);
    const profile = await post('/mp/api/passport/getUserProfile', {});
    expect(body(profile).result).toMatchObject({ phone: '135****0001' });
  });
});
