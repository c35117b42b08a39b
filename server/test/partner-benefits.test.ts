import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const API = '/mp/api';
const A = { activityCode: 'demo-luckdraw' };

describe('partner benefits (routes/partner-benefits.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '18600000001');
    bob = await login(t.app, '18600000002');
  });
  afterAll(() => t.close());

  it('zhongjin exchange status follows the caller’s own registration', async () => {
    const status = async (cookie: string) =>
      body(await c.get(`${API}/zhongjin/exchangeStatus`, A, cookie)).result;
    expect(await status(ann)).toEqual({ status: 1, activityStatus: 'ongoing' });
    await c.post(`${API}/configActivity/register`, A, ann);
    expect(await status(ann)).toMatchObject({ status: 2 });
    expect(await status(bob)).toMatchObject({ status: 1 });
  });

  it('new-machine interest: doubled for new users, countdown from the server clock', async () => {
    expect(body(await c.get(`${API}/newMachines/interest/doubleAmount`, A, ann)).result).toEqual({
      baseAmount: 8800,
      doubled: true,
      amount: 17600,
    });
    expect(
      body(await c.get(`${API}/newMachines/interest/newMachinesOldUser`, A, ann)).result,
    ).toEqual({ oldUser: false });
    const countdown = body<Record<string, number | boolean>>(
      await c.get(`${API}/newMachines/interest/receiveCountDown`, A, null),
    ).result;
    const deadline = Date.parse('2030-06-30T23:59:59+08:00');
    const now = Date.parse('2025-06-10T10:00:00+08:00');
    expect(countdown).toEqual({
      deadline,
      serverTime: now,
      remainingMs: deadline - now,
      expired: false,
    });
  });

  it('answers the orchid card and banker task details', async () => {
    expect(body(await c.post(`${API}/orchild/getOrchidInfo`, A, null)).result).toMatchObject({
      title: '兰花权益',
      activityStatus: 'ongoing',
    });
    const all = body<{ list: unknown[] }>(await c.get(`${API}/banker/taskDetail`, A, null)).result;
    expect(all.list.length).toBeGreaterThan(1);
    const one = body<{ list: { taskId: string }[] }>(
      await c.get(`${API}/banker/taskDetail`, { ...A, taskId: 'open-bank' }, ann),
    ).result;
    expect(one.list.map((x) => x.taskId)).toEqual(['open-bank']);
    const unknown = await c.get(`${API}/banker/taskDetail`, { ...A, taskId: 'nope' }, ann);
    expect(unknown.statusCode).toBe(400);
  });

  it("banker detail shows the caller's own chances and today's add", async () => {
    const detail = async (cookie: string) =>
      body(await c.get(`${API}/banker/detail`, A, cookie)).result;
    expect(await detail(ann)).toMatchObject({ addedToday: false, remainChance: 0 });
    await c.get(`${API}/banker/luckyDraw/addChance`, A, ann);
    expect(await detail(ann)).toMatchObject({ addedToday: true, remainChance: 1, dailyChances: 1 });
    expect(await detail(bob)).toMatchObject({ addedToday: false, remainChance: 0 });
  });

  it('refuses anonymous callers and bad input', async () => {
    for (const url of [
      'zhongjin/exchangeStatus',
      'newMachines/interest/doubleAmount',
      'newMachines/interest/newMachinesOldUser',
      'banker/detail',
    ]) {
      expect((await c.get(`${API}/${url}`, A, null)).statusCode, url).toBe(401);
    }
    expect((await c.get(`${API}/banker/detail`, {}, ann)).statusCode).toBe(400);
    expect(
      (await c.post(`${API}/orchild/getOrchidInfo`, { activityCode: 'x y' }, null)).statusCode,
    ).toBe(400);
    expect((await c.get(`${API}/newMachines/interest/receiveCountDown`, {}, null)).statusCode).toBe(
      400,
    );
  });
});
