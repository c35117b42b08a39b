import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_CLOCK_HEADER, PREVIEW_NOW_HEADER } from '../../src/spec/constants';
import type { ActivityConfig } from '../src/config/activity-config';
import { parseEnv } from '../src/config/env-schema';
import { parsePreviewNow, previewClockAllowed } from '../src/http/preview-clock';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

/**
 * The preview's date reaches the server (issue 34 item 10): an April page is played end to end
 * in November in the preview tab that chose April, while every other request keeps the real
 * clock, and a production server ignores the header altogether.
 */
const G = '/mp/api/generalActivity';
const CODE = 'demo-luckdraw';
/** The server's real clock in these tests: November, before the activity opens. */
const REAL_NOW = '2026-11-27T10:00:00+08:00';
/** The preview tab's date: inside the activity's window. */
const APRIL = '2027-04-10T10:00:00.000+08:00';

/** The demo draw moved to April 2027 (a future window, by the server's real clock). */
function aprilWindow(activities: Map<string, ActivityConfig>) {
  const activity = activities.get(CODE);
  if (!activity) throw new Error('demo activity missing');
  activities.set(CODE, {
    ...activity,
    window: { start: '2027-04-01T00:00:00+08:00', end: '2027-04-30T23:59:59+08:00' },
  });
}

async function startApp(previewClock: boolean): Promise<TestApp> {
  return createTestApp({ now: REAL_NOW, editActivities: aprilWindow, config: { previewClock } });
}

describe('a preview server (PREVIEW_CLOCK=1) runs a request on the preview date it carries', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startApp(true);
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  const draw = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${G}/luckDraw`,
      payload: { activityCode: CODE },
      headers: { cookie, ...headers },
    });

  it('refuses a draw without the preview date: the activity has not started by the real clock', async () => {
    const res = await draw();
    expect(res.statusCode).toBe(403);
    expect(body(res).error).toBe('ACTIVITY_UNAVAILABLE');
    expect(res.headers[PREVIEW_CLOCK_HEADER]).toBeUndefined();
  });

  it('draws and signs in with the preview date inside the window, on the same login', async () => {
    const drawn = await draw({ [PREVIEW_NOW_HEADER]: APRIL });
    expect(drawn.statusCode).toBe(200);
    expect(body<{ prizeId: string }>(drawn).result.prizeId).toEqual(expect.any(String));
    // The offset applied, for the page (it then leaves the answer's serverTime as it is).
    expect(Number(drawn.headers[PREVIEW_CLOCK_HEADER])).toBe(
      Date.parse(APRIL) - Date.parse(REAL_NOW),
    );
    const signed = await t.app.inject({
      method: 'POST',
      url: `${G}/signIn`,
      payload: { activityCode: CODE },
      headers: { cookie, [PREVIEW_NOW_HEADER]: APRIL },
    });
    expect(signed.statusCode).toBe(200);
    expect(body(signed).code).toBe(0);
    // The campaign day of the sign-in is April's, not November's.
    const days = await t.db.query<{ day: string }>(
      `SELECT to_char(sign_day, 'YYYY-MM-DD') AS day FROM sign_ins WHERE activity_code = $1`,
      [CODE],
    );
    expect(days.rows.map((r) => r.day)).toEqual(['2027-04-10']);
  });

  it("moves the server's time answers and the activity's status, for that request only", async () => {
    const [moved, real] = await Promise.all([
      t.app.inject({
        url: '/mp/api/installment/getCurrentTime',
        headers: { [PREVIEW_NOW_HEADER]: APRIL },
      }),
      t.app.inject({ url: '/mp/api/installment/getCurrentTime' }),
    ]);
    expect(body<{ serverTime: number }>(moved).result.serverTime).toBe(Date.parse(APRIL));
    expect(body<{ serverTime: number }>(real).result.serverTime).toBe(Date.parse(REAL_NOW));
    const status = (headers: Record<string, string>) =>
      t.app
        .inject({
          method: 'POST',
          url: '/mp/api/configActivity/bizStatus',
          payload: { activityCode: CODE },
          headers: { cookie, ...headers },
        })
        .then((res) => body<{ activityStatus: string }>(res).result.activityStatus);
    expect(await status({ [PREVIEW_NOW_HEADER]: APRIL })).toBe('ongoing');
    expect(await status({})).toBe('notStarted');
  });

  it('answers a malformed preview date with a clear 400', async () => {
    for (const bad of ['tomorrow', '2027-04-10', '2027-04-10T10:00:00', '1970-01-01T00:00:00Z']) {
      const res = await draw({ [PREVIEW_NOW_HEADER]: bad });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toMatch(/x-preview-now: expected one ISO instant/);
    }
  });
});

describe('a production server ignores the preview date', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startApp(false);
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('refuses the draw on its own clock, whatever the header says, and names no offset', async () => {
    for (const value of [APRIL, 'not even a date']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${G}/luckDraw`,
        payload: { activityCode: CODE },
        headers: { cookie, [PREVIEW_NOW_HEADER]: value },
      });
      expect(res.statusCode).toBe(403);
      expect(body(res).error).toBe('ACTIVITY_UNAVAILABLE');
      expect(res.headers[PREVIEW_CLOCK_HEADER]).toBeUndefined();
    }
  });

  it('never turns the preview clock on with NODE_ENV=production, even when asked', () => {
    expect(previewClockAllowed(parseEnv({ NODE_ENV: 'production', PREVIEW_CLOCK: '1' }))).toBe(
      false,
    );
    expect(previewClockAllowed(parseEnv({ NODE_ENV: 'development', PREVIEW_CLOCK: '1' }))).toBe(
      true,
    );
    expect(previewClockAllowed(parseEnv({}))).toBe(false);
  });
});

describe('parsePreviewNow', () => {
  it('reads an ISO instant with its offset', () => {
    expect(parsePreviewNow('2027-04-10T10:00:00+08:00')).toBe(Date.UTC(2027, 3, 10, 2));
    expect(parsePreviewNow('2027-04-10T02:00:00.000Z')).toBe(Date.UTC(2027, 3, 10, 2));
    expect(parsePreviewNow('2027-02-30T10:00:00Z')).toBe(null);
  });
});
