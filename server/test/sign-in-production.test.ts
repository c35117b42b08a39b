import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeSignIn, loadSignInConfig } from '../src/auth/oidc-config';
import { parseEnv } from '../src/config/env-schema';
import { webhookSmsSender } from '../src/auth/sms/sms-sender';
import { createTestApp } from './harness';
import { openSignInPage } from './sign-in-steps';

/** Issue 35: what a production start of the sign-in does and refuses. */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Runs `npm start`'s server with `env` until it exits or prints `until`; resolves with its exit
 * code (null when stopped by us) and output.
 */
async function start(env: Record<string, string>, until?: RegExp) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sign-in-prod-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const seen = (chunk: Buffer) => {
    output += chunk.toString();
    if (until?.test(output)) child.kill('SIGTERM');
  };
  child.stdout.on('data', seen);
  child.stderr.on('data', seen);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
  return { code, output, stoppedByUs: until?.test(output) ?? false };
}

describe('a production start', () => {
  it('refuses the embedded provider without the demo flag, and says a demo is one', () => {
    expect(() => loadSignInConfig(parseEnv({ NODE_ENV: 'production' }))).toThrow(
      /OIDC_EMBEDDED_DEMO=1/,
    );
    expect(() =>
      loadSignInConfig(parseEnv({ NODE_ENV: 'production', OIDC_EMBEDDED_DEMO: 'yes' })),
    ).toThrow(/OIDC_EMBEDDED_DEMO/);
    const demo = loadSignInConfig(parseEnv({ NODE_ENV: 'production', OIDC_EMBEDDED_DEMO: '1' }));
    expect(demo).toMatchObject({ provider: 'embedded', production: true });
    expect(describeSignIn(demo)).toMatch(/^sign-in: DEMO/);
    const external = loadSignInConfig(
      parseEnv({
        NODE_ENV: 'production',
        OIDC_ISSUER: 'https://id.example.com',
        OIDC_CLIENT_ID: 'campaign',
        OIDC_CLIENT_SECRET: 's3cret',
      }),
    );
    expect(external).toMatchObject({
      provider: 'external',
      issuer: 'https://id.example.com',
      redirectUri: null,
    });
    expect(() => loadSignInConfig(parseEnv({ OIDC_ISSUER: 'https://id.example.com' }))).toThrow(
      /OIDC_CLIENT_ID/,
    );
    expect(loadSignInConfig(parseEnv({}))).toMatchObject({
      provider: 'embedded',
      production: false,
    });
  });

  it('npm start with NODE_ENV=production stops at once without OIDC_ISSUER or the demo flag', async () => {
    const refused = await start({
      NODE_ENV: 'production',
      OIDC_ISSUER: '',
      OIDC_EMBEDDED_DEMO: '',
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('set OIDC_EMBEDDED_DEMO=1 to run it as a demo');
  }, 60_000);

  it('a declared demo starts and says so in its log', async () => {
    const demo = await start(
      { NODE_ENV: 'production', OIDC_ISSUER: '', OIDC_EMBEDDED_DEMO: '1', LOG_LEVEL: 'warn' },
      /sign-in: DEMO - embedded OpenID provider in production/,
    );
    expect(demo.stoppedByUs).toBe(true);
  }, 120_000);

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
