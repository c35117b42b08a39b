import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, caller } from './call-helpers';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const A = { activityCode: 'demo-luckdraw' };

describe('reminder switches and user state (routes/general-reminders.ts)', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let c: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '13600000001');
    bob = await login(t.app, '13600000002');
  });
  afterAll(() => t.close());
  const state = async (cookie: string) =>
    body<Record<string, unknown>>(await c.get(`${G}/queryUserState`, A, cookie)).result;

  it('starts with push and video off and the calendar switch off', async () => {
    expect(await state(ann)).toMatchObject({
      activityStatus: 'ongoing',
      isNewUser: true,
      visited: false,
      pushStatus: 0,
      videoReminderStatus: 0,
      calendarRemindStatus: 0,
    });
  });

  it('sets switches for the caller only, and repeats change nothing', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect(body(await c.get(`${G}/setPush`, { ...A, status: 1 }, ann)).result).toEqual({
        pushStatus: 1,
      });
    }
    await c.get(`${G}/setVideoReminderStatus`, { ...A, status: 1 }, ann);
    await c.get(`${G}/updateCalendarRemind`, { ...A, status: 1 }, ann);
    expect(await state(ann)).toMatchObject({
      pushStatus: 1,
      videoReminderStatus: 1,
      calendarRemindStatus: 1,
    });
    expect(await state(bob)).toMatchObject({
      pushStatus: 0,
      videoReminderStatus: 0,
      calendarRemindStatus: 0,
    });
    // The same switch as configActivity/getCalendarRemindStatus.
    const status = await t.app.inject({
      method: 'POST',
      url: '/mp/api/configActivity/getCalendarRemindStatus',
      headers: { cookie: ann },
      payload: A,
    });
    expect(body(status).result).toEqual({ status: 1 });
    await c.get(`${G}/setVideoReminderStatus`, { ...A, status: 0 }, ann);
    expect(await state(ann)).toMatchObject({ videoReminderStatus: 0 });
    await c.get(`${G}/videoRemind`, A, ann);
    expect(await state(ann)).toMatchObject({ videoReminderStatus: 1 });
  });

  it('pays the calendar-reminder return once per campaign day', async () => {
    const id = userIdOf(ann);
    const first = body<Record<string, unknown>>(await c.get(`${G}/completeCalendarRemind`, A, ann));
    expect(first.result).toMatchObject({
      completed: true,
      firstToday: true,
      reward: { chances: 1 },
    });
    const again = body<Record<string, unknown>>(await c.get(`${G}/completeCalendarRemind`, A, ann));
    expect(again.result).toMatchObject({ firstToday: false, reward: { chances: 0 } });
    expect((await balances(t, id)).chances).toBe(1);
    t.setNow('2025-06-11T09:00:00+08:00');
    await c.get(`${G}/completeCalendarRemind`, A, ann);
    expect((await balances(t, id)).chances).toBe(2);
    t.setNow('2025-06-10T10:00:00+08:00');
    expect((await balances(t, userIdOf(bob))).chances).toBe(0);
  });

  it('refuses anonymous callers and bad input', async () => {
    for (const call of ['setPush', 'queryUserState', 'completeCalendarRemind', 'videoRemind']) {
      const res = await c.get(`${G}/${call}`, A, null);
      expect(res.statusCode, call).toBe(401);
    }
    for (const bad of [
      { ...A, status: 5 },
      { ...A, status: 'on' },
      { status: 1 },
      { activityCode: 'nope' },
    ]) {
      const res = await c.get(`${G}/setPush`, bad, ann);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(res).msg).not.toBe('');
    }
  });

  it('refuses the paid return while the activity is switched off', async () => {
    const activity = t.config.activities.get('demo-luckdraw');
    if (!activity) throw new Error('demo activity missing');
    activity.enabled = false;
    const res = await c.get(`${G}/completeCalendarRemind`, A, bob);
    activity.enabled = true;
    expect(res.statusCode).toBe(403);
    expect((await balances(t, userIdOf(bob))).chances).toBe(0);
  });
});
