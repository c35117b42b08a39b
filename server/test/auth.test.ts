import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_TRANSACTION_COOKIE, openTransaction } from '../src/auth/login-transaction';
import { safeRedirectTarget } from '../src/auth/safe-redirect';
import { signToken, verifyToken } from '../src/auth/token';
import { body, createTestApp, login, TEST_SECRET, userIdOf } from './harness';
import type { TestApp } from './harness';

const PAYLOADS = '/work/shared/corpora/redirect/payloads.txt';
/** The harness's default clock (the transaction cookie is dated by it). */
const NOW = '2025-06-10T10:00:00+08:00';

describe('service token', () => {
  const secret = 's'.repeat(32);
  it('verifies only for the user, secret and age it was made for', () => {
    const now = Date.parse('2025-06-10T00:00:00Z');
    const token = signToken(secret, '10000001', now);
    expect(verifyToken(secret, '10000001', token, 3600, now)).toBe(true);
    expect(verifyToken(secret, '10000002', token, 3600, now)).toBe(false);
    expect(verifyToken('t'.repeat(32), '10000001', token, 3600, now)).toBe(false);
    expect(verifyToken(secret, '10000001', token, 3600, now + 3601_000)).toBe(false);
    expect(verifyToken(secret, '10000001', `${token}x`, 3600, now)).toBe(false);
    expect(verifyToken(secret, '10000001', 'v1.abc.def', 3600, now)).toBe(false);
  });
});

describe('safe redirect', () => {
  const origin = 'https://app.example.com';
  it('accepts same-origin paths and URLs', () => {
    expect(safeRedirectTarget('/mp/activity/bank?x=1#y', origin)).toBe(
      'https://app.example.com/mp/activity/bank?x=1#y',
    );
    expect(safeRedirectTarget('https://app.example.com/mp/activity/', origin)).toBe(
      'https://app.example.com/mp/activity/',
    );
  });
  it.each([
    '//evil.com',
    '/\\evil.com',
    '/\t/evil.com',
    'https:evil.com',
    'javascript:alert(1)',
    'https://app.example.com.evil.com/',
    'https://user@evil.com',
    'mp/activity',
  ])('refuses %s', (raw) => {
    expect(safeRedirectTarget(raw, origin)).toBeNull();
  });
});

describe('login and identity over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('rejects calls without cookies and with a userId that does not match its token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/mp/api/generalActivity/getLoginTime' });
    expect(none.statusCode).toBe(401);
    expect(body(none).code).toBe(401);

    const alice = await login(t.app, '13900000001');
    const bob = await login(t.app, '13900000002');
    const forged = alice.replace(/userId=\d+/, `userId=${userIdOf(bob)}`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/mp/api/generalActivity/getLoginTime',
      headers: { cookie: forged },
    });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(401);

    const good = await t.app.inject({
      method: 'GET',
      url: '/mp/api/generalActivity/getLoginTime',
      headers: { cookie: alice },
    });
    expect(good.statusCode).toBe(200);
  });

  it('never redirects off-site, for every payload of the shared corpus', async (testCtx) => {
    if (!existsSync(PAYLOADS)) {
      testCtx.skip(`redirect corpus missing at ${PAYLOADS}`);
      return;
    }
    const lines = readFileSync(PAYLOADS, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    const host = 'app.example.com';
    for (const raw of lines) {
      expect(safeRedirectTarget(raw, `https://${host}`) ?? `https://${host}/`).toMatch(
        new RegExp(`^https://${host.replace(/\./g, '\\.')}/`),
      );
      const res = await t.app.inject({
        method: 'GET',
        url: `/mp/api/login?${new URLSearchParams({ requestUrl: raw }).toString()}`,
        headers: { host },
      });
      if (res.statusCode === 302) {
        // Off to the provider on this host; where the sign-in lands is in the sealed transaction.
        expect(new URL(String(res.headers.location), `http://${host}`).origin).toBe(
          `http://${host}`,
        );
        const sealed = res.cookies.find((c) => c.name === LOGIN_TRANSACTION_COOKIE)?.value;
        const tx = openTransaction(TEST_SECRET, sealed, 600, Date.parse(NOW));
        expect(new URL(tx?.returnTo ?? 'null:').origin, `payload ${JSON.stringify(raw)}`).toBe(
          `http://${host}`,
        );
      } else {
        expect(res.statusCode, `payload ${JSON.stringify(raw)}`).toBe(400);
        expect(res.cookies).toHaveLength(0);
      }
    }
  });
});
