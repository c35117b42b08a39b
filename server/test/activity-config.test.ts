import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseActivity } from '../src/config/load-activities';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const C = '/mp/api/configActivity';

describe('activity config calls', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('returns the §3 Activity with code 1 and activityConfig as a JSON string', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${C}/getSingleConfigActivity4c?activityCode=demo-luckdraw&tid=1`,
    });
    expect(res.statusCode).toBe(200);
    const { code, result } = body<Record<string, unknown>>(res);
    expect(code).toBe(1);
    for (const field of [
      'id',
      'activityCode',
      'title',
      'openAppNeed',
      'canShare',
      'shareThis',
      'contentHtml',
      'videoLink',
    ]) {
      expect(result).toHaveProperty(field);
    }
    const config = JSON.parse(String(result.activityConfig)) as Record<string, unknown>;
    expect(Object.keys(config).sort()).toEqual(
      [
        'areaImgsInfo',
        'luckdrawConfig',
        'openApp',
        'reminderInfo',
        'rewardInfo',
        'shareInfo',
        'taskInfo',
      ].sort(),
    );
    expect(config.openApp).toHaveProperty('openFailUrl');
    // Odds and stock never reach a browser.
    expect(res.body).not.toMatch(/"(weight|stock|pool|perUserLimit)"/);
    expect(String(result.activityConfig)).not.toMatch(/weight|stock|perUserLimit/);
  });

  it('finds the activity by numeric id and rejects bad input with 400', async () => {
    const byId = await t.app.inject({
      method: 'GET',
      url: `${C}/getSingleConfigActivity4c?id=173`,
    });
    expect(body(byId).code).toBe(1);
    for (const q of ['activityCode=nope', 'id=abc', 'id=99999', '']) {
      const res = await t.app.inject({ method: 'GET', url: `${C}/getSingleConfigActivity4c?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(body(res).code).toBe(400);
      expect(body(res).msg).not.toBe('');
    }
  });

  it('sets and reads the calendar reminder', async () => {
    const headers = { cookie };
    const before = await t.app.inject({
      method: 'POST',
      url: `${C}/getCalendarRemindStatus`,
      headers,
      payload: { activityCode: 'demo-luckdraw' },
    });
    expect(body(before).result).toEqual({ status: 0 });
    const set = await t.app.inject({
      method: 'POST',
      url: `${C}/setCalendarRemind`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'activityCode=demo-luckdraw&status=1',
    });
    expect(body(set).code).toBe(0);
    const after = await t.app.inject({
      method: 'POST',
      url: `${C}/getCalendarRemindStatus`,
      headers,
      payload: { activityCode: 'demo-luckdraw' },
    });
    expect(body(after).result).toEqual({ status: 1 });
    const bad = await t.app.inject({
      method: 'POST',
      url: `${C}/setCalendarRemind`,
      headers,
      payload: { activityCode: 'demo-luckdraw', status: 7 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reports biz status for anonymous and signed-in users, singly and as a list', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: `${C}/bizStatus`,
      payload: { activityCode: 'demo-luckdraw', isNfcPhone: 1, userExtra: '{}' },
    });
    expect(body(anon).result).toMatchObject({ login: false, activityStatus: 'ongoing' });
    const reg = await t.app.inject({
      method: 'POST',
      url: `${C}/register`,
      headers: { cookie },
      payload: { activityCode: 'demo-luckdraw' },
    });
    expect(body(reg).result).toEqual({ registered: true, firstTime: true });
    const again = await t.app.inject({
      method: 'POST',
      url: `${C}/register`,
      headers: { cookie },
      payload: { activityCode: 'demo-luckdraw' },
    });
    expect(body(again).result).toEqual({ registered: true, firstTime: false });
    const list = await t.app.inject({
      method: 'POST',
      url: `${C}/bizStatusList`,
      headers: { cookie },
      payload: { activityCodes: 'demo-luckdraw' },
    });
    expect(body<unknown[]>(list).result[0]).toMatchObject({
      login: true,
      registered: true,
      isNewUser: true,
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${C}/bizStatusList`,
      payload: { activityCodes: 'demo-luckdraw,nope' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses activity files with duplicate ids or without a fallback prize', () => {
    const base = {
      id: 1,
      activityCode: 'x',
      title: 'X',
      window: { start: '2025-01-01T00:00:00+08:00', end: '2026-01-01T00:00:00+08:00' },
    };
    expect(() => parseActivity(base, 'x.json')).not.toThrow();
    expect(() =>
      parseActivity(
        { ...base, prizes: [{ prizeId: 'a', name: 'A', type: 'physical', stock: 1, weight: 1 }] },
        'x.json',
      ),
    ).toThrow(/thanks prize/);
    expect(() => parseActivity({ ...base, id: 'one' }, 'x.json')).toThrow(/x\.json/);
  });
});
