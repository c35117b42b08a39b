import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { reactBindingsPlugin } from './vite-plugin-react-bindings';

const srcBuild = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const repo = join(srcBuild, '../..');

function resolver(plugin: Plugin) {
  const hook = plugin.resolveId;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error('the plugin has no resolveId');
  return (source: string, importer: string | undefined) =>
    // The hook reads neither its context nor its options.
    handler.call({} as never, source, importer, { isEntry: false } as never);
}

describe('reactBindingsPlugin', () => {
  const plugin = reactBindingsPlugin(srcBuild);
  const resolve = resolver(plugin);

  it("points the app's imports of React and its JSX runtime at the bindings", () => {
    expect(resolve('react', `${repo}/widgets/countdown/countdown.tsx`)).toBe(
      `${srcBuild}/react-bindings.ts`,
    );
    expect(resolve('react/jsx-runtime', `${repo}/src/app/main.tsx`)).toBe(
      `${srcBuild}/react-jsx-bindings.ts`,
    );
  });

  it('leaves libraries, the bindings themselves and other specifiers alone', () => {
    expect(resolve('react', `${repo}/node_modules/swr/dist/index.mjs`)).toBeNull();
    expect(resolve('react', `${srcBuild}/react-bindings.ts`)).toBeNull();
    expect(resolve('react/jsx-runtime', `${srcBuild}/react-jsx-bindings.ts`)).toBeNull();
    expect(resolve('react-dom/client', `${repo}/src/app/main.tsx`)).toBeNull();
  });

  it('applies to the browser build only', () => {
    expect(plugin.apply).toBe('build');
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: 'client' })).toBe(true);
    expect(applies({ name: 'ssr' })).toBe(false);
  });
});

/** Every name a module of src/ or widgets/ imports from React at run time. */
function namesImportedFromReact(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8');
        for (const match of source.matchAll(/import\s+\{([^}]*)\}\s+from\s+'react'/g)) {
          for (const part of (match[1] ?? '').split(',')) {
            const name = part.trim().split(/\s+as\s+/)[0] ?? '';
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  walk(join(repo, 'src'));
  walk(join(repo, 'widgets'));
  return names;
}

describe('react-bindings.ts', () => {
  it('exports every name the app imports from React (the build fails otherwise)', () => {
    const source = readFileSync(join(srcBuild, 'react-bindings.ts'), 'utf8');
    const exported = new Set(
      (/export const \{([^}]*)\}/.exec(source)?.[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    );
    const missing = [...namesImportedFromReact()].filter((name) => !exported.has(name));
    expect(missing).toEqual([]);
  });
});
