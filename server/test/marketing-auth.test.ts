import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const P = '/mp/api/userMarketingAuth';

describe('marketing authorisation (routes/marketing-auth.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '18600000011');
    bob = await login(t.app, '18600000012');
  });
  afterAll(() => t.close());

  const status = async (cookie: string | null) =>
    body<{ status: number; login: boolean }>(await c.get(`${P}/querySwitch`, {}, cookie)).result;

  it('is off until the user turns it on (consent is opt-in), and off for visitors', async () => {
    expect(await status(null)).toMatchObject({ status: 0, login: false });
    expect(await status(ann)).toMatchObject({ status: 0, login: true });
  });

  it('keeps what each user set, and logs only real changes', async () => {
    const set = async (cookie: string, value: number) =>
      body<{ changed: boolean }>(await c.post(`${P}/updateSwitch`, { status: value }, cookie))
        .result;
    expect(await set(ann, 1)).toMatchObject({ status: 1, changed: true });
    expect(await set(ann, 1)).toMatchObject({ changed: false });
    expect(await status(ann)).toMatchObject({ status: 1 });
    expect(await status(bob)).toMatchObject({ status: 0 });
    expect(await set(ann, 0)).toMatchObject({ changed: true });
    expect(await status(ann)).toMatchObject({ status: 0 });
    const log = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM marketing_auth_log',
    );
    expect(log.rows[0]?.n).toBe(2);
  });

  it('refuses visitors and values other than 0 and 1', async () => {
    expect((await c.post(`${P}/updateSwitch`, { status: 1 }, null)).statusCode).toBe(401);
    expect((await c.post(`${P}/updateSwitch`, { status: 2 }, ann)).statusCode).toBe(400);
  });
});
