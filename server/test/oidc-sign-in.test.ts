import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SMS_CODE_TTL_MS,
  SMS_IP_MAX_PER_HOUR,
  SMS_LOCK_MS,
  SMS_MAX_WRONG_TRIES,
  SMS_PHONE_MAX_PER_DAY,
  SMS_PHONE_RESEND_GAP_MS,
} from '../src/auth/sign-in-constants';
import { createTestApp, injectSend, login, userIdOf } from './harness';
import type { TestApp } from './harness';
import { openSignInPage } from './sign-in-steps';
import { signInThroughFlow } from './sign-in-flow';

/**
 * Issue 35: sign-in proves identity. The spec's entry (§2 /mp/api/login) and cookies (§4) stay;
 * behind them OpenID Connect with the embedded provider and SMS codes.
 */

const LOGIN_TIME = '/mp/api/generalActivity/getLoginTime';
const START = '2025-06-10T10:00:00+08:00';
const at = (ms: number) => new Date(Date.parse(START) + ms).toISOString();

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in through OpenID Connect and an SMS code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: START });
  });
  afterAll(() => t.close());

  it('signs a new user in through the real flow and names them by the masked phone', async () => {
    const flow = await openSignInPage(t);
    expect(flow.page.status).toBe(200);
    expect(flow.page.body).toContain('<html lang="zh-CN">');
    expect(flow.page.body).toMatch(/<label for="phone">手机号<\/label>/);
    const sent = await flow.sendCode('13812348123');
    expect(sent.status).toBe(200);
    expect(sent.body).toContain('138****8123');
    // The page echoes the masked number; the full one only rides in the form's hidden field.
    expect(sent.body).not.toMatch(/>\s*13812348123\s*</);
    const code = await flow.inbox('13812348123');
    expect(code).toMatch(/^\d{6}$/);
    const done = await flow.follow(await flow.submit('13812348123', code ?? ''));
    expect(done.status).toBe(302);
    expect(done.location).toBe('http://localhost/mp/activity/luckDraw');
    const cookie = flow.jar.header(['userId', 'serviceToken']);
    const res = await t.app.inject({ url: LOGIN_TIME, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const user = await t.db.query<{ nick_name: string; phone: string }>(
      'SELECT nick_name, phone FROM users WHERE id = $1',
      [userIdOf(cookie)],
    );
    expect(user.rows[0]).toEqual({ nick_name: '138****8123', phone: '13812348123' });
  });

  it('without the code no request acts as that user', async () => {
    const flow = await openSignInPage(t);
    await flow.sendCode('13900000021');
    const code = (await flow.inbox('13900000021')) ?? '';
    const wrong = await flow.submit('13900000021', wrongOf(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('验证码错误');
    expect(wrong.location).toBeNull();
    // No session cookie anywhere, no user row, and the callback alone gives nothing.
    expect(flow.jar.header(['userId', 'serviceToken', 'serviceTokenSet'])).toBe('');
    const rows = await t.db.query("SELECT 1 FROM users WHERE phone = '13900000021'");
    expect(rows.rowCount).toBe(0);
    const callback = await flow.go('GET', '/mp/api/login/callback?code=forged&state=forged');
    expect(callback.status).toBe(400);
    expect(callback.setCookies.some((c) => c.startsWith('userId=1'))).toBe(false);
    // A code typed into another browser's interaction (no interaction cookie) is refused.
    const other = await t.app.inject({
      method: 'POST',
      url: `${/action="([^"]+\/login)"/.exec(wrong.body)?.[1]}`,
      payload: { phone: '13900000021', code },
    });
    expect(other.statusCode).toBe(400);
    expect(other.headers.location).toBeUndefined();
    // A forged user id next to someone else's token: 401 (the token binds the id).
    const bob = await login(t.app, '13900000022');
    const forged = bob.replace(/userId=\d+/, 'userId=10000001');
    const res = await t.app.inject({ url: LOGIN_TIME, headers: { cookie: forged } });
    expect(res.statusCode).toBe(401);
  });

  it('a callback whose state is not the transaction’s is refused', async () => {
    const flow = await openSignInPage(t);
    await flow.sendCode('13900000023');
    const code = (await flow.inbox('13900000023')) ?? '';
    const resume = await flow.submit('13900000023', code);
    const back = await flow.go('GET', new URL(resume.location ?? '', 'http://x').pathname);
    const callback = new URL(back.location ?? '', 'http://x');
    expect(callback.pathname).toBe('/mp/api/login/callback');
    callback.searchParams.set('state', 'someone-elses-state');
    const res = await flow.go('GET', callback.pathname + callback.search);
    expect(res.status).toBe(400);
    expect(flow.jar.header(['userId', 'serviceToken'])).toBe('');
  });

  it(`locks a phone for 15 minutes after ${SMS_MAX_WRONG_TRIES} wrong codes, even for the right one`, async () => {
    t.setNow(START);
    const phone = '13900000031';
    const flow = await openSignInPage(t);
    await flow.sendCode(phone);
    const code = (await flow.inbox(phone)) ?? '';
    for (let i = 1; i < SMS_MAX_WRONG_TRIES; i++) {
      const res = await flow.submit(phone, wrongOf(code));
      expect(res.status).toBe(400);
      expect(res.body).toContain(`还可尝试${SMS_MAX_WRONG_TRIES - i}次`);
    }
    const locking = await flow.submit(phone, wrongOf(code));
    expect(locking.status).toBe(429);
    expect(locking.body).toContain('15分钟后再试');
    expect((await flow.submit(phone, code)).status).toBe(429);
    // No new code during the lock either.
    t.setNow(at(SMS_LOCK_MS - 1000));
    expect((await flow.sendCode(phone)).status).toBe(429);
    t.setNow(at(SMS_LOCK_MS + 1000));
    expect((await flow.sendCode(phone)).status).toBe(200);
    const fresh = (await flow.inbox(phone)) ?? '';
    const ok = await flow.submit(phone, fresh);
    expect(ok.status).toBe(303);
    t.setNow(START);
  });

  it('a code is good for 5 minutes only', async () => {
    t.setNow(START);
    const phone = '13900000032';
    const flow = await openSignInPage(t);
    await flow.sendCode(phone);
    const code = (await flow.inbox(phone)) ?? '';
    t.setNow(at(SMS_CODE_TTL_MS + 1));
    const res = await flow.submit(phone, code);
    expect(res.status).toBe(400);
    expect(res.body).toContain('验证码已过期');
    t.setNow(START);
  });

  it('limits sends per phone: one a minute, ten a day', async () => {
    const phone = '13900000041';
    const flow = await openSignInPage(t);
    let clock = Date.parse(START);
    t.setNow(new Date(clock).toISOString());
    expect((await flow.sendCode(phone)).status).toBe(200);
    const again = await flow.sendCode(phone);
    expect(again.status).toBe(429);
    expect(again.body).toContain('秒后再重新获取');
    for (let i = 1; i < SMS_PHONE_MAX_PER_DAY; i++) {
      clock += SMS_PHONE_RESEND_GAP_MS;
      t.setNow(new Date(clock).toISOString());
      expect((await flow.sendCode(phone)).status).toBe(200);
    }
    clock += SMS_PHONE_RESEND_GAP_MS;
    t.setNow(new Date(clock).toISOString());
    const daily = await flow.sendCode(phone);
    expect(daily.status).toBe(429);
    expect(daily.body).toContain('今日获取验证码的次数已达上限');
    t.setNow(START);
  });

  it(`limits sends per client address: ${SMS_IP_MAX_PER_HOUR} an hour`, async () => {
    t.setNow(START);
    const flow = await openSignInPage(t, { ip: '10.77.0.1' });
    for (let i = 0; i < SMS_IP_MAX_PER_HOUR; i++) {
      expect((await flow.sendCode(`1370000${String(i).padStart(4, '0')}`)).status).toBe(200);
    }
    const refused = await flow.sendCode('13799999999');
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('当前网络获取验证码过于频繁');
    const elsewhere = await openSignInPage(t, { ip: '10.77.0.2' });
    expect((await elsewhere.sendCode('13799999999')).status).toBe(200);
  });

  it('sets the token httpOnly, the marker and the user id readable (decision 0003)', async () => {
    const { jar } = await signInThroughFlow(
      injectSend(t.app, { remoteAddress: '10.1.1.1' }),
      '13900000051',
    );
    expect([...jar.cookies.keys()]).toEqual(
      expect.arrayContaining(['userId', 'serviceToken', 'serviceTokenSet']),
    );
    // Attributes as the callback sets them: read from a fresh sign-in's last response.
    const lines: string[] = [];
    const base = injectSend(t.app, { remoteAddress: '10.1.1.2' });
    await signInThroughFlow(async (r) => {
      const res = await base(r);
      if (r.path.startsWith('/mp/api/login/callback')) lines.push(...res.setCookies);
      return res;
    }, '13900000052');
    const attrs = (name: string) => lines.find((l) => l.startsWith(`${name}=`)) ?? '';
    expect(attrs('serviceToken')).toMatch(/HttpOnly/i);
    expect(attrs('serviceTokenSet')).not.toMatch(/HttpOnly/i);
    expect(attrs('userId')).not.toMatch(/HttpOnly/i);
    for (const name of ['serviceToken', 'serviceTokenSet', 'userId']) {
      expect(attrs(name)).toMatch(/SameSite=Lax/);
      expect(attrs(name)).toMatch(/Path=\//);
      expect(attrs(name)).toMatch(/Max-Age=\d+/);
    }
  });

  it("uses the 'm.' host family's token and marker cookies (spec §4)", async () => {
    const { jar, landing } = await signInThroughFlow(
      injectSend(t.app, { host: 'm.example.com', remoteAddress: '10.1.1.3' }),
      '13900000053',
    );
    expect(landing).toBe('http://m.example.com/mp/activity/');
    expect([...jar.cookies.keys()]).toEqual(
      expect.arrayContaining(['userId', 'mServiceToken', 'mServiceTokenSet']),
    );
    expect(jar.cookies.has('serviceToken')).toBe(false);
  });

  it('a new sign-in always asks for a code; logout clears the session cookies and the provider session', async () => {
    const send = injectSend(t.app, { remoteAddress: '10.1.1.4' });
    const { jar } = await signInThroughFlow(send, '13900000061');
    // The page comes to web login only when the API refused its session (spec §8 401), so even
    // with the provider's session alive the sign-in asks for a code again (prompt=login: no
    // silent sign-on that would bounce the visitor back to the same 401)...
    const again = await send({
      method: 'GET',
      path: '/mp/api/login?requestUrl=%2F',
      cookie: jar.header(),
    });
    const auth = await send({
      method: 'GET',
      path:
        new URL(again.location ?? '', 'http://x').pathname +
        new URL(again.location ?? '', 'http://x').search,
      cookie: jar.header(),
    });
    expect(new URL(auth.location ?? '', 'http://x').pathname).toMatch(/interaction/);
    // ...and after logout the provider's session is gone too.
    const sessionId = jar.cookies.get('_session') ?? '';
    const before = await t.db.query(
      "SELECT 1 FROM oidc_store WHERE model = 'Session' AND id = $1",
      [sessionId],
    );
    expect(before.rowCount).toBe(1);
    const out = await send({
      method: 'GET',
      path: '/mp/api/logout?requestUrl=%2Fmp%2Factivity%2F',
      cookie: jar.header(),
    });
    expect(out.status).toBe(302);
    expect(out.location).toBe('http://localhost/mp/activity/');
    jar.apply(out.setCookies);
    expect(jar.header(['userId', 'serviceToken', 'serviceTokenSet', '_session'])).toBe('');
    const sessions = await t.db.query(
      "SELECT 1 FROM oidc_store WHERE model = 'Session' AND id = $1",
      [sessionId],
    );
    expect(sessions.rowCount).toBe(0);
    const next = await send({
      method: 'GET',
      path: '/mp/api/login?requestUrl=%2F',
      cookie: jar.header(),
    });
    jar.apply(next.setCookies);
    const nextAuth = await send({
      method: 'GET',
      path:
        new URL(next.location ?? '', 'http://x').pathname +
        new URL(next.location ?? '', 'http://x').search,
      cookie: jar.header(),
    });
    expect(new URL(nextAuth.location ?? '', 'http://x').pathname).toMatch(
      /\/mp\/api\/oidc\/interaction\//,
    );
  });
});
