/**
 * Issue 31 ("an unused dependency is not an option"; docs/decisions/0039-immer.md): every
 * package in package.json `dependencies` is imported by code that ships (the app, the widgets,
 * the server or its scripts), not only by tests. A dependency nothing imports is installed,
 * audited and upgraded for nothing: use it or remove it.
 *
 * Imports are read as text (`from '…'`, `import('…')`, `import '…'`), as
 * no-test-only-modules.test.ts reads them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const CODE_ROOTS = ['src', 'widgets', 'server/src', 'scripts', 'landing'];
const ROOT_FILES = ['vite.config.ts'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /(\.test\.(ts|tsx)$)|(\/testing\/)|(\/fakes?[.-][^/]*$)|(\.d\.ts$)/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"./][^'"]*)['"]/g;

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function shippedImports(): Set<string> {
  const files = [
    ...CODE_ROOTS.flatMap((root) => walk(join(ROOT, root))),
    ...ROOT_FILES.map((file) => join(ROOT, file)),
  ].filter((file) => !TEST.test(relative(ROOT, file).split('\\').join('/')));
  const seen = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      seen.add(packageOf(match[1] ?? ''));
    }
  }
  return seen;
}

describe('every runtime dependency is imported by shipping code (issue 31)', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const dependencies = Object.keys(manifest.dependencies ?? {});
  const imported = shippedImports();

  it('reads imports (packages it knows are imported are)', () => {
    expect(imported).toContain('react');
    expect(imported).toContain('fastify');
    expect(imported).toContain('@fastify/cookie');
  });

  it('finds no dependency that nothing imports', () => {
    expect(dependencies.filter((name) => !imported.has(name))).toEqual([]);
  });
});
