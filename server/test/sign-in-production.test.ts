import { describe, expect, it } from 'vitest';
import { describeSignIn, loadSignInConfig } from '../src/auth/oidc-config';
import { webhookSmsSender } from '../src/auth/sms/sms-sender';
import { createTestApp } from './harness';
import { openSignInPage } from './sign-in-steps';

/** Issue 35: what a production start of the sign-in does and refuses. */

describe('a production start', () => {
  it('refuses the embedded provider without the demo flag, and says a demo is one', () => {
    expect(() => loadSignInConfig({ NODE_ENV: 'production' })).toThrow(/OIDC_EMBEDDED_DEMO=1/);
    expect(() => loadSignInConfig({ NODE_ENV: 'production', OIDC_EMBEDDED_DEMO: 'yes' })).toThrow(
      /OIDC_EMBEDDED_DEMO must be 0 or 1/,
    );
    const demo = loadSignInConfig({ NODE_ENV: 'production', OIDC_EMBEDDED_DEMO: '1' });
    expect(demo).toMatchObject({ provider: 'embedded', production: true });
    expect(describeSignIn(demo)).toMatch(/^sign-in: DEMO/);
    const external = loadSignInConfig({
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'campaign',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(external).toMatchObject({
      provider: 'external',
      issuer: 'https://id.example.com',
      redirectUri: null,
    });
    expect(() => loadSignInConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /OIDC_CLIENT_ID/,
    );
    expect(loadSignInConfig({})).toMatchObject({ provider: 'embedded', production: false });
  });

  it('has no dev inbox in production (a demo sends codes to the log only)', async () => {
    const t = await createTestApp({
      config: {
        signIn: {
          provider: 'embedded',
          production: true,
          smsWebhookUrl: null,
          smsSendsPerAddressPerHour: 30,
        },
      },
    });
    try {
      const res = await t.app.inject({ url: '/mp/api/dev/sms-inbox?phone=13800000001' });
      expect(res.statusCode).toBe(404);
      const flow = await openSignInPage(t);
      expect((await flow.sendCode('13800000001')).status).toBe(200);
      const inbox = await t.db.query('SELECT 1 FROM sms_dev_inbox');
      expect(inbox.rowCount).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('the production SMS sender', () => {
  it('POSTs {phone, code, expiresAt, purpose} as JSON to SMS_WEBHOOK_URL and fails on non-2xx', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const ok = webhookSmsSender('https://sms.example.com/hook', async (url, init) => {
      calls.push({ url: String(url), init });
      return new Response('', { status: 202 });
    });
    const expiresAt = new Date('2025-06-10T02:05:00Z');
    await ok.send({ phone: '13800000001', code: '123456', expiresAt });
    expect(calls[0]?.url).toBe('https://sms.example.com/hook');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      phone: '13800000001',
      code: '123456',
      expiresAt: '2025-06-10T02:05:00.000Z',
      purpose: 'sign-in',
    });
    const failing = webhookSmsSender(
      'https://sms.example.com/hook',
      async () => new Response('', { status: 500 }),
    );
    await expect(failing.send({ phone: '13800000001', code: '1', expiresAt })).rejects.toThrow(
      /500/,
    );
  });
});
