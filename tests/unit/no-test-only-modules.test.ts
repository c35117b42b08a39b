/**
 * Issue 18, STYLE.md ("modules written and tested but reached by no page"): every module under
 * src/services and src/ui has an importer that is not a test. A module whose only importers are
 * its tests is a feature no visitor can reach: wire it into a page or delete it.
 *
 * Imports are read as text (static `import … from`, `export … from`, `import type`, dynamic
 * `import('…')`, `vi.mock` is not an import): enough for this repository's one import style.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveModule } from '../support/resolve-module';

const ROOT = process.cwd();
/** Where production code lives (anything here that is not a test counts as a real importer). */
const CODE_ROOTS = ['src', 'widgets', 'server', 'scripts', 'landing'];
/** The modules that must each have a real importer. */
const CHECKED = ['src/services', 'src/ui'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
/** Tests, and the test doubles they share (tests/support/, fake-*.ts), which exist for tests. */
const TEST = /(\.test\.(ts|tsx)$)|(\/testing\/)|(^tests\/)|(\/fakes?[.-][^/]*$)|(\.d\.ts$)/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

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

const rel = (path: string) => relative(ROOT, path).split('\\').join('/');
const isTest = (path: string) => TEST.test(rel(path));

/** importers[module] = the files importing it, tests included. */
function importGraph(): Map<string, Set<string>> {
  const importers = new Map<string, Set<string>>();
  const files = [...CODE_ROOTS, 'tests'].flatMap((root) => walk(join(ROOT, root)));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveModule(file, match[1] ?? '');
      if (target === null) continue;
      const set = importers.get(rel(target)) ?? new Set<string>();
      set.add(rel(file));
      importers.set(rel(target), set);
    }
  }
  return importers;
}

describe('no module under src/services or src/ui is reached only by tests (issue 18)', () => {
  const importers = importGraph();
  const checked = CHECKED.flatMap((root) => walk(join(ROOT, root))).filter((f) => !isTest(f));

  it('finds the modules it checks, and reads imports (a module it knows is imported is)', () => {
    expect(checked.length).toBeGreaterThan(50);
    // The composition root imports the API client: the graph must see that.
    expect([...(importers.get('src/services/api/api-client.ts') ?? [])]).toContain(
      'src/app/browser-services.ts',
    );
  });

  it('has a non-test importer for every module', () => {
    const testOnly = checked
      .map(rel)
      .filter((module) => {
        const by = [...(importers.get(module) ?? [])];
        return !by.some((file) => !TEST.test(file));
      })
      .sort();
    expect(testOnly).toEqual([]);
  });
});
