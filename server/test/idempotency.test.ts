import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import { CODE, setChances } from './concurrency-helpers';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';

/**
 * Idempotency keys as Stripe defines them (issue 17): a key is bound to the request it first came
 * with (method, path, parameters); a retry of that request replays the answer, before any rate
 * limit; the key with any other request is a 422; a malformed key is a 400 everywhere. The calls
 * are those of spec §7 (luckDraw GET/POST, flashLuckDraw, signIn).
 */
describe('idempotency keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A bucket of 2 that refills only after a minute: the third keyed call meets an empty bucket.
    t = await createTestApp({ config: { rateLimit: { capacity: 2, refillPerSecond: 1 / 60 } } });
  });
  afterAll(() => t.close());

  const draw = (cookie: string, key: string, query = `activityCode=${CODE}`) =>
    t.app.inject({
      method: 'GET',
      url: `${G}/luckDraw?${query}`,
      headers: { cookie, [IDEMPOTENCY_HEADER]: key },
    });
  const draws = async (cookie: string) =>
    (await t.db.query('SELECT 1 FROM draws WHERE user_id = $1', [userIdOf(cookie)])).rowCount;

  it('replays a finished request, even when the rate limit would refuse a new one', async () => {
    const c = await login(t.app, '13700000001');
    await setChances(t.db, userIdOf(c), 5);
    const first = await draw(c, 'replay-key-0001');
    expect(first.statusCode).toBe(200);
    expect((await draw(c, 'replay-key-0002')).statusCode).toBe(200); // bucket now empty
    expect((await draw(c, 'replay-key-0003')).statusCode).toBe(429);
    const replay = await draw(c, 'replay-key-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(body(replay)).toEqual(body(first));
    expect(await draws(c)).toBe(2);
  });

  it('refuses the same key with other parameters, another method or another path (422)', async () => {
    const c = await login(t.app, '13700000002');
    await setChances(t.db, userIdOf(c), 5);
    expect((await draw(c, 'bound-key-0001')).statusCode).toBe(200);
    const otherParams = await draw(c, 'bound-key-0001', `activityCode=${CODE}&imei=other-phone`);
    expect(otherParams.statusCode).toBe(422);
    expect(body(otherParams)).toMatchObject({ code: 422, error: 'IDEMPOTENCY_KEY_REUSED' });
    const otherMethod = await t.app.inject({
      method: 'POST',
      url: `${G}/luckDraw`,
      payload: { activityCode: CODE },
      headers: { cookie: c, [IDEMPOTENCY_HEADER]: 'bound-key-0001' },
    });
    expect(otherMethod.statusCode).toBe(422);
    const otherPath = await t.app.inject({
      method: 'POST',
      url: `${G}/signIn`,
      payload: { activityCode: CODE },
      headers: { cookie: c, [IDEMPOTENCY_HEADER]: 'bound-key-0001' },
    });
    expect(otherPath.statusCode).toBe(422);
    expect(await draws(c)).toBe(1);
    const signed = await t.db.query('SELECT 1 FROM sign_ins WHERE user_id = $1', [userIdOf(c)]);
    expect(signed.rowCount).toBe(0);
  });

  it('treats parameters the call does not declare, and their order, as the same request', async () => {
    const c = await login(t.app, '13700000003');
    await setChances(t.db, userIdOf(c), 5);
    const a = await draw(c, 'same-req-0001', `activityCode=${CODE}&imei=x&tid=1`);
    const b = await draw(c, 'same-req-0001', `tid=2&imei=x&activityCode=${CODE}`);
    expect(b.statusCode).toBe(200);
    expect(body(b)).toEqual(body(a));
    expect(await draws(c)).toBe(1);
  });

  it('refuses a malformed key with 400 on every route, sign-in included', async () => {
    const c = await login(t.app, '13700000004');
    for (const key of ['short', 'has space inside', 'x'.repeat(129)]) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: `${G}/signIn`,
        payload: { activityCode: CODE },
        headers: { cookie: c, [IDEMPOTENCY_HEADER]: key },
      });
      expect(signIn.statusCode, key).toBe(400);
      const health = await t.app.inject({
        url: '/mp/api/health',
        headers: { [IDEMPOTENCY_HEADER]: key },
      });
      expect(health.statusCode, key).toBe(400);
    }
    const signed = await t.db.query('SELECT 1 FROM sign_ins WHERE user_id = $1', [userIdOf(c)]);
    expect(signed.rowCount).toBe(0);
  });

  it('a retried sign-in replays its award; a new key learns it was already signed', async () => {
    const c = await login(t.app, '13700000005');
    const signIn = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `${G}/signIn`,
        payload: { activityCode: CODE },
        headers: { cookie: c, [IDEMPOTENCY_HEADER]: key },
      });
    const first = body<{ awarded: boolean }>(await signIn('sign-key-0001')).result;
    expect(first.awarded).toBe(true);
    expect(body<{ awarded: boolean }>(await signIn('sign-key-0001')).result).toEqual(first);
    expect(body<{ awarded: boolean }>(await signIn('sign-key-0002')).result.awarded).toBe(false);
  });

  it('keys are per user: another user may use the same key for the same call', async () => {
    const [a, b] = [await login(t.app, '13700000006'), await login(t.app, '13700000007')];
    await setChances(t.db, userIdOf(a), 1);
    await setChances(t.db, userIdOf(b), 1);
    const ra = await draw(a, 'shared-key-0001');
    const rb = await draw(b, 'shared-key-0001');
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(body<{ drawId: number }>(rb).result.drawId).not.toBe(
      body<{ drawId: number }>(ra).result.drawId,
    );
  });
});
