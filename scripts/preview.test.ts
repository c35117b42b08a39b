import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSend, signInThroughFlow } from '../server/test/sign-in-flow';
import { apiLogLine, freePort } from './preview';

/**
 * npm run preview, as the operator runs it (issue 11): one process, one line of output, pages and
 * the API (login included) through one address. Started on a free port with a throw-away data
 * folder; stopped with the signal Ctrl-C sends.
 */
describe('npm run preview', () => {
  let child: ChildProcess;
  let url = '';
  let stdout = '';
  let stderr = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'preview-test-'));

  beforeAll(async () => {
    const port = await freePort();
    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/preview.ts', '--port', String(port), '--host', '127.0.0.1'],
      { env: { ...process.env, PREVIEW_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /^preview: (\S+)/m.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`preview exited (${code}): ${stderr}`)));
    });
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('prints one line, the address of the pages, and nothing else', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mp\/activity\/$/);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stderr).toBe('');
  });

  it('serves a page from the sources (no build) and the API beside it', async () => {
    const page = await fetch(`${url}luckDraw`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/src/app/boot.ts');
    const health = await fetch(new URL('/mp/api/health', url));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ code: 0, result: { status: 'ok' } });
  });

  it('signs in through the same address and returns to the page (the return address is ours)', async () => {
    const back = `${url}luckDraw`;
    const origin = new URL(url).origin;
    const { jar, landing } = await signInThroughFlow(
      httpSend(() => origin),
      '13800138000',
      back,
    );
    expect(landing).toBe(back);
    expect([...jar.cookies.keys()]).toEqual(
      expect.arrayContaining(['userId', 'serviceToken', 'serviceTokenSet']),
    );
  });

  it('stops on Ctrl-C, the API server with it', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    await expect(fetch(new URL('/mp/api/health', url))).rejects.toThrow();
  }, 30_000);
});

describe('apiLogLine (what the preview shows of the API server log)', () => {
  it('shows warnings and errors, not info lines or the banner', () => {
    expect(apiLogLine('{"level":30,"msg":"ready"}')).toBe(null);
    expect(apiLogLine('  Campaign server ready: http://localhost:1/mp/activity/')).toBe(null);
    expect(apiLogLine('{"level":50,"msg":"request failed","err":{"message":"boom"}}')).toBe(
      'api: request failed: boom',
    );
  });
});
