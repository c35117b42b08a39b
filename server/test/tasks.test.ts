import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const A = 'activityCode=demo-luckdraw';

interface TaskView {
  taskId: string;
  status: number;
  taskLogId: number | null;
}

describe('tasks', () => {
  let t: TestApp;
  let cookie: string;
  const get = (url: string, c = cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: c } });
  const chances = async (c = cookie) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${G}/visitIndex`,
      headers: { cookie: c },
      payload: { activityCode: 'demo-luckdraw' },
    });
    return body<{ remainChance: number }>(res).result.remainChance;
  };
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('lists tasks for anonymous visitors with status 0', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${G}/getTaskList`,
      payload: { activityCode: 'demo-luckdraw' },
    });
    const list = body<{ list: TaskView[] }>(res).result.list;
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((x) => x.status === 0)).toBe(true);
    expect(res.body).not.toMatch(/"weight"|"stock"/);
  });

  it('needs the click first, then completes once per period and pays once', async () => {
    const start = await chances();
    const early = await get(`${G}/completeTask?${A}&taskId=browse-mall`);
    expect(early.statusCode).toBe(403);
    expect(await chances()).toBe(start);

    expect(body(await get(`${G}/clickTask?${A}&taskId=browse-mall`)).result).toMatchObject({
      status: 1,
    });
    const first = await get(`${G}/completeTask?${A}&taskId=browse-mall`);
    expect(body(first).result).toMatchObject({ firstTime: true, reward: { chances: 1 } });
    const again = await get(`${G}/completeTask?${A}&taskId=browse-mall`);
    expect(body(again).result).toMatchObject({ firstTime: false, reward: { chances: 0 } });
    expect(await chances()).toBe(start + 1);

    // Next campaign day (Beijing midnight passed): the daily task can complete again.
    t.setNow('2025-06-11T00:00:01+08:00');
    await get(`${G}/clickTask?${A}&taskId=browse-mall`);
    const nextDay = await get(`${G}/completeTask?${A}&taskId=browse-mall`);
    expect(body(nextDay).result).toMatchObject({ firstTime: true });
    t.setNow('2025-06-10T10:00:00+08:00');
  });

  it('pays gold rice and reports the prize only to its owner', async () => {
    await get(`${G}/clickTask?${A}&taskId=open-bank`);
    const done = body<{ taskLogId: number }>(await get(`${G}/completeTask?${A}&taskId=open-bank`));
    const info = await get(`${G}/getUserTaskPrizeInfo?${A}&taskLogId=${done.result.taskLogId}`);
    expect(body(info).result).toMatchObject({ taskId: 'open-bank', chances: 3, goldRice: 500 });
    const other = await login(t.app, '13700000002');
    const stolen = await get(
      `${G}/getUserTaskPrizeInfo?${A}&taskLogId=${done.result.taskLogId}`,
      other,
    );
    expect(stolen.statusCode).toBe(400);
    const mine = body<{ list: { taskId: string }[] }>(await get(`${G}/queryMyTaskList?${A}`));
    expect(mine.result.list.map((x) => x.taskId)).toContain('open-bank');
    const theirs = body<{ list: unknown[] }>(await get(`${G}/queryMyTaskList?${A}`, other));
    expect(theirs.result.list).toHaveLength(0);
  });

  it('completes a task once under concurrent calls', async () => {
    const c = await login(t.app, '13700000003');
    await get(`${G}/clickTask?${A}&taskId=watch-video`, c);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => get(`${G}/completeTask?${A}&taskId=watch-video`, c)),
    );
    const wins = results.filter((r) => body<{ firstTime: boolean }>(r).result?.firstTime === true);
    expect(wins).toHaveLength(1);
    const rows = await t.db.query(
      'SELECT 1 FROM gold_rice_ledger WHERE reason = $1 AND user_id = (SELECT id FROM users WHERE phone = $2)',
      ['task', '13700000003'],
    );
    expect(rows.rowCount).toBe(1);
  });

  it('rejects bad input with 400 and unknown tasks without writing', async () => {
    expect((await get(`${G}/completeTask?${A}&taskId=nope`)).statusCode).toBe(400);
    expect((await get(`${G}/completeTask?${A}`)).statusCode).toBe(400);
    expect((await get(`${G}/getUserTaskPrizeInfo?${A}&taskLogId=abc`)).statusCode).toBe(400);
    expect((await get(`${G}/completeTask?activityCode=x&taskId=visit`)).statusCode).toBe(400);
  });

  it('groups tasks and lists external, NFC and new-user tasks', async () => {
    const groups = body<{ list: { groupId: string; tasks: TaskView[] }[] }>(
      await get(`${G}/getTaskGroup?${A}`),
    );
    expect(groups.result.list.map((g) => g.groupId)).toEqual(['daily', 'newbie']);
    const ext = body<{ list: TaskView[] }>(await get(`${G}/getExternalTaskList?${A}`));
    expect(ext.result.list.map((x) => x.taskId).sort()).toEqual(['open-bank', 'watch-video']);
    const nfc = await t.app.inject({
      method: 'POST',
      url: `${G}/queryNfcTask`,
      headers: { cookie },
      payload: { activityCode: 'demo-luckdraw' },
    });
    expect(body<{ list: TaskView[] }>(nfc).result.list.map((x) => x.taskId)).toEqual(['nfc-tap']);
    const welfare = await t.app.inject({
      method: 'POST',
      url: `${G}/newUser/newUserWelfareTask`,
      headers: { cookie },
      payload: { activityCode: 'demo-luckdraw' },
    });
    expect(body(welfare).result).toMatchObject({ isNewUser: true });
    const got = await t.app.inject({
      method: 'POST',
      url: `${G}/getTask`,
      headers: { cookie },
      payload: { activityCode: 'demo-luckdraw', taskId: 'nfc-tap' },
    });
    expect(body(got).result).toMatchObject({ taskId: 'nfc-tap', status: 1 });
  });

  it('honours the per-action kill switch', async () => {
    const off = await createTestApp({
      editActivities: (m) => {
        const a = m.get('demo-luckdraw');
        if (a) m.set('demo-luckdraw', { ...a, actions: { tasks: false } });
      },
    });
    try {
      const c = await login(off.app);
      const res = await off.app.inject({
        method: 'GET',
        url: `${G}/clickTask?${A}&taskId=browse-mall`,
        headers: { cookie: c },
      });
      expect(res.statusCode).toBe(403);
      const rows = await off.db.query('SELECT 1 FROM task_clicks');
      expect(rows.rowCount).toBe(0);
    } finally {
      await off.close();
    }
  });
});
