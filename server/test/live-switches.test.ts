import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const OPS = '/mp/api/ops/switches';
const LIST = '/mp/api/liveSwitch/list';
const CODE = 'demo-luckdraw';
const SHARED_TOKEN = 'shared-ops-token-0123456789';
const ALICE_TOKEN = 'alice-token-0123456789abcdef';
const BOB_TOKEN = 'bob-token-0123456789abcdef';

interface Change {
  id: string;
  scope: string;
  activityCode?: string;
  action?: string;
  route?: string;
  widgetId?: string;
  off: boolean;
  reason: string;
  changedBy: string;
  changedAt: string;
  version: number;
}

/**
 * Issue 34 item 11: the operators' live switch on one node (server/src/routes/live-switches.ts,
 * decision 0042). Two nodes on PostgreSQL: live-switches-two-nodes.test.ts.
 */
describe('live switch', () => {
  let t: TestApp;
  let cookie: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const change = (payload: Record<string, unknown>, token = ALICE_TOKEN) =>
    t.app.inject({ method: 'POST', url: OPS, payload, headers: bearer(token) });
  const draw = (key: string, c = cookie) =>
    t.app.inject({
      method: 'POST',
      url: `${G}/luckDraw`,
      payload: { activityCode: CODE },
      headers: { cookie: c, [IDEMPOTENCY_HEADER]: key },
    });
  const chances = async (c = cookie) =>
    (
      await t.db.query<{ balance: number }>(
        'SELECT balance FROM user_chances WHERE user_id = $1 AND activity_code = $2',
        [userIdOf(c), CODE],
      )
    ).rows[0]?.balance ?? null;
  const draws = async (c = cookie) =>
    (
      await t.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM draws WHERE user_id = $1', [
        userIdOf(c),
      ])
    ).rows[0]?.n;
  const setChances = (c: string, n: number) =>
    t.db.query(
      `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = $3`,
      [userIdOf(c), CODE, n],
    );

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        opsToken: SHARED_TOKEN,
        operators: [
          { name: 'alice', token: ALICE_TOKEN },
          { name: 'bob', token: BOB_TOKEN },
        ],
      },
    });
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('does not exist without an operator token, nor with a wrong one or a user session', async () => {
    for (const headers of [{}, bearer('wrong-token-0123456789abcdef'), { cookie }]) {
      const read = await t.app.inject({ method: 'GET', url: OPS, headers });
      expect(read.statusCode).toBe(404);
      const write = await t.app.inject({
        method: 'POST',
        url: OPS,
        headers,
        payload: { scope: 'activity', activityCode: CODE, state: 'off', reason: 'x' },
      });
      expect(write.statusCode).toBe(404);
    }
    const log = await t.db.query('SELECT 1 FROM live_switch_changes');
    expect(log.rowCount).toBe(0);
  });

  it('refuses bad input with 400 and records nothing', async () => {
    const bad: Record<string, unknown>[] = [
      { scope: 'action', activityCode: CODE, action: 'draw', state: 'off' }, // no reason
      { scope: 'action', activityCode: CODE, action: 'draw', state: 'off', reason: '   ' },
      { scope: 'action', activityCode: CODE, state: 'off', reason: 'why' }, // no action
      { scope: 'action', activityCode: CODE, action: 'fly', state: 'off', reason: 'why' },
      { scope: 'activity', activityCode: 'no-such-activity', state: 'off', reason: 'why' },
      { scope: 'activity', activityCode: CODE, state: 'paused', reason: 'why' },
      { scope: 'widget', route: '/luckDraw', state: 'off', reason: 'why' }, // no widgetId
      { scope: 'widget', route: 'javascript:x', widgetId: 'draw', state: 'off', reason: 'why' },
      {
        scope: 'widget',
        route: '/luckDraw',
        widgetId: 'draw',
        activityCode: CODE,
        state: 'off',
        reason: 'why',
      },
      { scope: 'planet', activityCode: CODE, state: 'off', reason: 'why' },
    ];
    for (const payload of bad) {
      const res = await change(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error).toBe('BAD_REQUEST');
    }
    expect((await t.db.query('SELECT 1 FROM live_switch_changes')).rowCount).toBe(0);
  });

  it('turns a draw off: the server refuses it before any effect, other actions go on', async () => {
    await setChances(cookie, 3);
    const off = await change({
      scope: 'action',
      activityCode: CODE,
      action: 'draw',
      state: 'off',
      reason: 'the phone prize pays the wrong model',
    });
    expect(off.statusCode).toBe(200);
    const made = body<{ change: Change }>(off).result.change;
    expect(made).toMatchObject({
      scope: 'action',
      activityCode: CODE,
      action: 'draw',
      off: true,
      changedBy: 'alice',
      reason: 'the phone prize pays the wrong model',
    });

    const refused = await draw('live-switch-draw-0001');
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 403, error: 'PAUSED' });
    // No chance spent, no draw written.
    expect(await chances()).toBe(3);
    expect(await draws()).toBe(0);

    // The sign-in of the same activity is another action family: not refused.
    const sign = await t.app.inject({
      method: 'POST',
      url: `${G}/signIn`,
      payload: { activityCode: CODE },
      headers: { cookie },
    });
    expect(body(sign).error).not.toBe('PAUSED');

    const pub = body<{ actions: unknown[]; activities: unknown[]; version: number }>(
      await t.app.inject({ method: 'GET', url: LIST }),
    ).result;
    expect(pub.actions).toEqual([{ activityCode: CODE, action: 'draw' }]);
    expect(pub.activities).toEqual([]);
    // The page is told what is off, never why or by whom.
    expect(JSON.stringify(pub)).not.toMatch(/alice|wrong model/);
  });

  it('turns it back on the same way (recorded), and the draw works again', async () => {
    const on = await change(
      { scope: 'action', activityCode: CODE, action: 'draw', state: 'on', reason: 'fixed prize' },
      BOB_TOKEN,
    );
    expect(on.statusCode).toBe(200);
    expect(body<{ change: Change }>(on).result.change).toMatchObject({
      off: false,
      changedBy: 'bob',
    });
    const res = await draw('live-switch-draw-0002');
    expect(res.statusCode).toBe(200);
    expect(await draws()).toBe(1);
    const pub = body<{ actions: unknown[] }>(await t.app.inject({ method: 'GET', url: LIST }));
    expect(pub.result.actions).toEqual([]);
  });

  it('pauses a whole activity: its actions and its benefit calls are refused', async () => {
    await change({ scope: 'activity', activityCode: CODE, state: 'off', reason: 'partner outage' });
    await setChances(cookie, 2);
    expect(body(await draw('live-switch-draw-0003')).error).toBe('PAUSED');
    const sign = await t.app.inject({
      method: 'POST',
      url: `${G}/signIn`,
      payload: { activityCode: CODE },
      headers: { cookie },
    });
    expect(sign.statusCode).toBe(403);
    expect(body(sign).error).toBe('PAUSED');
    expect(await chances()).toBe(2);
    expect(await draws()).toBe(1);
    // The retry of a draw made before the pause (its answer lost) still gets that answer.
    const replay = await draw('live-switch-draw-0002');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await draws()).toBe(1);
    const other = await t.app.inject({
      method: 'GET',
      url: `/mp/api/generalActivity/getRemainChance?activityCode=${CODE}`,
      headers: { cookie },
    });
    expect(other.statusCode).toBe(200); // a read: pausing stops actions, pages still load
    await change(
      { scope: 'activity', activityCode: CODE, state: 'on', reason: 'partner back' },
      SHARED_TOKEN,
    );
    expect((await draw('live-switch-draw-0004')).statusCode).toBe(200);
  });

  it('turns off one widget of a page: the pages learn it', async () => {
    const res = await change({
      scope: 'widget',
      route: '/luckDraw',
      widgetId: 'winners',
      state: 'off',
      reason: 'partner link broken',
    });
    expect(res.statusCode).toBe(200);
    const pub = body<{ widgets: unknown[] }>(await t.app.inject({ method: 'GET', url: LIST }));
    expect(pub.result.widgets).toEqual([{ route: '/luckDraw', widgetId: 'winners' }]);
  });

  it('keeps every change in the audit log: who, when, why, in order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${OPS}?limit=10`,
      headers: bearer(BOB_TOKEN),
    });
    expect(res.statusCode).toBe(200);
    const state = body<{
      version: number;
      nodeVersion: number;
      off: Change[];
      changes: Change[];
    }>(res).result;
    expect(state.changes.map((c) => [c.scope, c.off, c.changedBy, c.reason])).toEqual([
      ['widget', true, 'alice', 'partner link broken'],
      ['activity', false, 'ops', 'partner back'],
      ['activity', true, 'alice', 'partner outage'],
      ['action', false, 'bob', 'fixed prize'],
      ['action', true, 'alice', 'the phone prize pays the wrong model'],
    ]);
    expect(state.changes.map((c) => c.version)).toEqual([5, 4, 3, 2, 1]);
    for (const c of state.changes) expect(Date.parse(c.changedAt)).not.toBeNaN();
    expect(state.version).toBe(5);
    expect(state.nodeVersion).toBe(5);
    expect(state.off).toEqual([
      expect.objectContaining({ scope: 'widget', route: '/luckDraw', widgetId: 'winners' }),
    ]);
  });

  it('cannot rewrite or delete the audit log', async () => {
    await expect(t.db.query("UPDATE live_switch_changes SET reason = 'nothing'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM live_switch_changes')).rejects.toThrow(/append-only/);
  });
});
