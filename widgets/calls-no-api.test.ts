/**
 * A widget whose meta says `callsNoApi` gets no fault scope on its node (src/engine/render/
 * node-view.tsx): were it to call the API after all, its faults would reach nobody and the
 * visitor would see no load error (issue 19). So every widget that claims it must not reach,
 * through anything its component imports, the data hooks that report to the scope or a direct
 * call of the API client.
 *
 * Imports are read as text (static, re-exports, dynamic `import()`; `import type` carries no
 * code), enough for this repository's one import style.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveModule } from '../tests/support/resolve-module';
import { widgetDefinitions } from './index';

const ROOT = process.cwd();
/** What reports to a node's fault scope, or calls the API directly. */
const SCOPED_MODULES = ['src/engine/data/use-api.ts', 'src/engine/data/fault-scope.ts'];
const DIRECT_CALL = /\bapi\.call\s*[<(]/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
const TYPE_ONLY = /^\s*(?:import|export)\s+type\b/;

const rel = (path: string) => relative(ROOT, path).split('\\').join('/');

/** Every module the file reaches through code imports, itself included. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const line of readFileSync(file, 'utf8').split(/;\s*\n|\n(?=import|export)/)) {
    if (TYPE_ONLY.test(line)) continue;
    for (const match of line.matchAll(IMPORT)) {
      const target = resolveModule(file, match[1] ?? '');
      if (target !== null) closure(target, seen);
    }
  }
  return seen;
}

/** What in the widget's closure would report a fault or call the API, as repo paths. */
function callers(type: string): string[] {
  const component = join(ROOT, 'widgets', type, `${type}.tsx`);
  return [...closure(component)]
    .filter(
      (file) => SCOPED_MODULES.includes(rel(file)) || DIRECT_CALL.test(readFileSync(file, 'utf8')),
    )
    .map(rel);
}

describe('widgets that make no API call (meta.callsNoApi)', () => {
  const claiming = widgetDefinitions.filter((definition) => definition.meta.callsNoApi);

  it('the scan sees a data widget reach the data hooks (it is not vacuous)', () => {
    expect(callers('lucky-draw')).toContain('src/engine/data/use-api.ts');
    expect(claiming.length).toBeGreaterThan(0);
  });

  it.each(claiming.map((definition) => definition.type))(
    '%s reaches neither useApi, the fault scope nor api.call',
    (type) => {
      expect(callers(type)).toEqual([]);
    },
  );
});
