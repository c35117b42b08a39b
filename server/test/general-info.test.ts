import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const A = { activityCode: 'demo-luckdraw' };
const NOW = Date.parse('2025-06-10T10:00:00+08:00');

describe('activity information calls (routes/general-info.ts, routes/app-store.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '13900000001');
    bob = await login(t.app, '13900000002');
  });
  afterAll(() => t.close());

  it('lists dispatch modules by device type (spec §3: the client uses the first)', async () => {
    const browser = body<{ moduleId: string }[]>(
      await c.get(`${G}/getDispatchModuleList4C`, { ...A, deviceType: 0 }, null),
    );
    expect(browser.result.map((m) => m.moduleId)).toEqual(['open-wallet']);
    const wallet = body<Record<string, unknown>[]>(
      await c.get(`${G}/getDispatchModuleList4C`, { ...A, deviceType: 2 }, null),
    );
    expect(wallet.result[0]).toMatchObject({ moduleId: 'bank-home', jumpUrl: '/mp/activity/bank' });
    expect(wallet.result[0]).not.toHaveProperty('deviceTypes');
    const bad = await c.get(`${G}/getDispatchModuleList4C`, { ...A, deviceType: 7 }, null);
    expect(bad.statusCode).toBe(400);
  });

  it('answers times from the server clock and prizes without secrets', async () => {
    const time = body(await c.get(`${G}/getMifansActivityTime`, A, null)).result;
    expect(time).toMatchObject({ serverTime: NOW, activityStatus: 'ongoing' });
    const prizes = body<{ list: Record<string, unknown>[] }>(
      await c.get(`${G}/queryMiFansActivityPrizeList`, A, null),
    ).result.list;
    expect(prizes.length).toBeGreaterThan(0);
    for (const p of prizes) {
      expect(p).not.toHaveProperty('weight');
      expect(p).not.toHaveProperty('stock');
    }
    const info = body(await c.get(`${G}/activityInfo`, A, null));
    expect(info.code).toBe(0);
    expect(info.result).toMatchObject({ activityCode: 'demo-luckdraw', serverTime: NOW });
    expect(JSON.stringify(info.result)).not.toContain('"weight"');
    expect(body(await c.get(`${G}/getHaikuiImgUrl`, A, null)).result).toEqual({
      imgUrl: '/mp/activity/demo/haikui-poster.svg',
    });
  });

  it("shows a user's task history and tickets to that user only", async () => {
    await c.post(`${G}/visitIndex`, A, ann);
    const mine = body<{ total: number; list: { taskId: string }[] }>(
      await c.get(`${G}/showTaskListHistory`, A, ann),
    ).result;
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ taskId: 'visit', title: '浏览活动页' });
    const theirs = body<{ total: number }>(await c.get(`${G}/showTaskListHistory`, A, bob)).result;
    expect(theirs.total).toBe(0);
    // dailyFree 1 + visit task 1
    expect(body(await c.get(`${G}/getUserTicket`, A, ann)).result).toEqual({ ticketCount: 2 });
    expect(body(await c.get(`${G}/getUserTicket`, A, bob)).result).toEqual({ ticketCount: 0 });
    const join = body<{ total: number; list: { nickName: string }[] }>(
      await c.get(`${G}/queryUserJoinList`, A, null),
    ).result;
    expect(join).toMatchObject({ total: 1, list: [{ nickName: '139****0001' }] });
  });

  it('answers the phone-bill subsidy, the new-user check and the partner task list', async () => {
    expect(body(await c.get(`${G}/phoneBillAmount`, A, ann)).result).toEqual({
      eligible: true,
      amount: 1000,
    });
    expect(body(await c.get(`${G}/isMipayBindCardNewUser`, A, ann)).result).toEqual({
      isNewUser: true,
    });
    const tasks = body<{ list: { kind: string; status: number }[] }>(
      await c.get(`${G}/bwbtGetTaskList`, A, null),
    ).result.list;
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((x) => x.kind === 'external' && x.status === 0)).toBe(true);
  });

  it('refuses anonymous callers of personal calls and bad input', async () => {
    for (const call of [
      'showTaskListHistory',
      'phoneBillAmount',
      'isMipayBindCardNewUser',
      'getUserTicket',
    ]) {
      expect((await c.get(`${G}/${call}`, A, null)).statusCode, call).toBe(401);
    }
    for (const [call, params] of [
      ['activityInfo', {}],
      ['activityInfo', { activityCode: 'missing' }],
      ['showTaskListHistory', { ...A, page: 0 }],
      ['showTaskListHistory', { ...A, pageSize: 500 }],
    ] as const) {
      const res = await c.get(`${G}/${call}`, params, ann);
      expect(res.statusCode, `${call} ${JSON.stringify(params)}`).toBe(400);
    }
  });

  it('looks up store pages by package name: code, value, error (spec §7, §8)', async () => {
    const url = `${G}/getAppStoreUrl`;
    const known = JSON.parse(
      (await c.get(url, { targetPackageName: 'com.youku.phone' }, null)).body,
    );
    expect(known).toMatchObject({
      code: 0,
      value: 'market://details?id=com.youku.phone',
      error: null,
    });
    const unknown = JSON.parse(
      (await c.get(url, { targetPackageName: 'com.example.none' }, null)).body,
    );
    expect(unknown).toMatchObject({ code: 0, value: '' });
    expect(unknown.error).toContain('com.example.none');
    for (const targetPackageName of ['', 'nodots', 'com..x', 'com.x/../y']) {
      const res = await c.get(url, { targetPackageName }, null);
      expect(res.statusCode, targetPackageName).toBe(400);
    }
    expect((await c.get(url, {}, null)).statusCode).toBe(400);
  });
});
