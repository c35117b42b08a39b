import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARS, EnvError, misspeltEnvNames, parseEnv } from '../src/config/env-schema';
import { REPO_ROOT } from '../src/paths';

describe('the environment schema (issue 35)', () => {
  it('loads the defaults from an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8080,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      UPLOAD_STORAGE: 'disk',
      RATE_LIMIT_NAMESPACE: 'mp-rate-limit:',
      RATE_LIMIT_CAPACITY: 10,
      RATE_LIMIT_REFILL_PER_SECOND: 2,
      SANDBOX_CASHIER: false,
      OWN_ORIGINS: [],
      DATABASE_URL: undefined,
    });
    expect(env.STATIC_DIR).toBe(path.join(REPO_ROOT, 'dist'));
    expect(env.DATA_DIR).toBe(path.join(REPO_ROOT, 'server/data'));
  });

  it('reads typed values; empty is unset; relative paths start at the checkout', () => {
    const env = parseEnv({
      PORT: '9000',
      SANDBOX_CASHIER: '1',
      UPLOAD_STORAGE: 'postgres',
      OWN_ORIGINS: 'https://a.example, https://b.example',
      DATA_DIR: 'tmp/data',
      HOST: '',
    });
    expect(env).toMatchObject({ PORT: 9000, SANDBOX_CASHIER: true, UPLOAD_STORAGE: 'postgres' });
    expect(env.OWN_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(env.DATA_DIR).toBe(path.join(REPO_ROOT, 'tmp/data'));
    expect(env.HOST).toBe('0.0.0.0');
  });

  it('refuses a typo, naming the variable and the values it accepts', () => {
    expect(() => parseEnv({ UPLOAD_STORAGE: 'dsik' })).toThrow(
      new EnvError(
        'configuration refused:\n  UPLOAD_STORAGE="dsik" is not allowed: one of disk, postgres',
      ),
    );
    expect(() => parseEnv({ SANDBOX_CASHIER: 'true' })).toThrow(/SANDBOX_CASHIER="true".*0, 1/);
    expect(() => parseEnv({ PORT: '80a' })).toThrow(/PORT="80a" is not valid: expected integer/);
    expect(() => parseEnv({ RATE_LIMIT_REFILL_PER_SECOND: '0' })).toThrow(
      /RATE_LIMIT_REFILL_PER_SECOND/,
    );
  });

  it('names every bad variable at once and never echoes a secret', () => {
    let message = '';
    try {
      parseEnv({ DATABASE_URL: 'mysql://root:hunter2@db/x', SESSION_SECRET: 'short-secret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/DATABASE_URL=\(value hidden\).*postgres:/);
    expect(message).toMatch(/SESSION_SECRET=\(value hidden\).*32 characters/);
    expect(message).not.toMatch(/hunter2|short-secret/);
  });

  it('warns of a misspelt name, and not of other programs’ variables', () => {
    expect(
      misspeltEnvNames({
        UPLOAD_STORGE: 'postgres',
        RATE_LIMIT_CAPACTY: '5',
        UPLOAD_STORAGE: 'disk',
        HOSTNAME: 'node-1',
        PATH: '/usr/bin',
        NODE_OPTIONS: '--max-old-space-size=512',
      }),
    ).toEqual([
      'UPLOAD_STORGE is not a variable of this server: did you mean UPLOAD_STORAGE?',
      'RATE_LIMIT_CAPACTY is not a variable of this server: did you mean RATE_LIMIT_CAPACITY?',
    ]);
  });

  it('documents every variable', () => {
    for (const [name, { doc }] of Object.entries(ENV_VARS)) {
      expect(doc.description.length, name).toBeGreaterThan(10);
      expect(doc.section, name).not.toBe('');
    }
  });

  it('stops the server before it touches anything when a value is refused', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'env-refused-')), 'data');
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, UPLOAD_STORAGE: 'dsik', DATA_DIR: dataDir, PORT: '1' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('UPLOAD_STORAGE="dsik" is not allowed: one of disk, postgres');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 40_000);
});
