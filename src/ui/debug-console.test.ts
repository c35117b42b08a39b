import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type VConsole from 'vconsole';
import { maybeLoadDebugConsole, type DebugConsoleModule } from './debug-console';

function fakeLoader() {
  const created: object[] = [];
  class FakeConsole {
    constructor() {
      created.push(this);
    }
  }
  const load = vi.fn(
    async () => ({ default: FakeConsole as unknown as new () => VConsole }) as DebugConsoleModule,
  );
  return { load, created };
}

describe('maybeLoadDebugConsole', () => {
  it('loads and starts the console when vconsole=true', async () => {
    const { load, created } = fakeLoader();
    const instance = await maybeLoadDebugConsole(new URLSearchParams('a=1&vconsole=true'), load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(created).toHaveLength(1);
    expect(instance).toBe(created[0]);
  });

  it.each(['', 'vconsole=false', 'vconsole=1', 'vconsole=TRUE', 'vconsole'])(
    'does not load anything for %j',
    async (search) => {
      const { load } = fakeLoader();
      await expect(maybeLoadDebugConsole(new URLSearchParams(search), load)).resolves.toBeNull();
      expect(load).not.toHaveBeenCalled();
    },
  );

  it('rejects when the loader fails', async () => {
    const load = vi.fn(async (): Promise<DebugConsoleModule> => {
      throw new Error('chunk failed');
    });
    await expect(maybeLoadDebugConsole(new URLSearchParams('vconsole=true'), load)).rejects.toThrow(
      'chunk failed',
    );
  });
});

describe('debug console bundling', () => {
  // A static import would put vConsole into the first load of every page.
  it('imports vconsole only dynamically', () => {
    const source = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), 'debug-console.ts'),
      'utf8',
    );
    expect(source).not.toMatch(/^import (?!type )[^;]*from 'vconsole'/m);
    expect(source).toContain("import('vconsole')");
  });
});
