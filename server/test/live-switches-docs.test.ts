import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './harness';
import type { TestApp } from './harness';

const run = promisify(execFile);
const TOKEN = 'docs-ops-token-0123456789';

/** The `sh` blocks of docs/authoring.md's live-switch section that call the operator routes. */
function documentedCommands(): string[] {
  const guide = readFileSync(new URL('../../docs/authoring.md', import.meta.url), 'utf8');
  const section = guide.slice(guide.indexOf('## 6. Stopping something on a live page'));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .filter((block) => block.includes('/mp/api/ops/switches'));
}

/**
 * Issue 34: the operator's commands in docs/authoring.md run as written (curl, the shell's
 * $OPS_TOKEN), against a listening server, with only `https://<host>` replaced by its address.
 */
describe('live switch: the authoring guide’s commands', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { opsToken: TOKEN } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('turns the draw off, back on, and lists both changes', async () => {
    const commands = documentedCommands();
    expect(commands).toHaveLength(3);
    const answers: Record<string, unknown>[] = [];
    for (const command of commands) {
      const { stdout } = await run('sh', ['-c', command.replaceAll('https://<host>', base)], {
        env: { ...process.env, OPS_TOKEN: TOKEN },
      });
      answers.push(JSON.parse(stdout) as Record<string, unknown>);
    }
    const [off, on, list] = answers as {
      code: number;
      result: { change?: { off: boolean }; changes?: { off: boolean; changedBy: string }[] };
    }[];
    expect(off?.code).toBe(0);
    expect(off?.result.change?.off).toBe(true);
    expect(on?.result.change?.off).toBe(false);
    expect(list?.result.changes?.map((c) => [c.off, c.changedBy])).toEqual([
      [false, 'ops'],
      [true, 'ops'],
    ]);
  });
});
