/**
 * npm run generate [--check]
 * Writes the campaign and activity JSON Schemas and the widget reference docs from the widget
 * schemas, the server's activity schema and, for the override schema, the templates of campaigns/
 * (so a changed template needs a new run too; CI checks it), and docs/server.md's configuration
 * table from the server's environment schema (server/src/config/env-schema.ts).
 * With --check (CI), writes nothing and exits 1 when a generated file is stale.
 *
 * The widget lists (widgets/*.generated.ts, read from the folders) come first: everything else
 * imports them through widgets/index.ts, so it is loaded only once they are current, and a new
 * widget needs one run, not two.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { widgetListFiles } from '../src/build/widget-lists';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
const stale = new Set<string>();

/** Writes each file whose content changed (with --check, only notes it). */
function update(files: ReadonlyMap<string, string>): void {
  for (const [path, content] of files) {
    const full = join(root, path);
    const current = existsSync(full) ? readFileSync(full, 'utf8') : undefined;
    if (current === content) continue;
    if (check) stale.add(path);
    else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      console.log(`wrote ${path}`);
    }
  }
}

/** With --check: names the stale files and exits 1. */
function exitIfStale(): void {
  if (stale.size === 0) return;
  console.error(
    `stale generated files (run npm run generate and commit):\n  ${[...stale].join('\n  ')}`,
  );
  process.exit(1);
}

update(widgetListFiles(join(root, 'widgets')));
// Stale lists may name a widget folder that is gone: the rest could not even load.
exitIfStale();
// Loaded now, so they read the lists just written (static imports would run before them).
const { projectGeneratedFiles } = await import('../src/build/project-artifacts');
const { collectApiRoutes, renderApiReference } = await import('../server/src/docs/api-reference');
const { renderEnvTable, spliceEnvTable } = await import('../server/src/docs/env-reference');

const files = projectGeneratedFiles();
files.set('docs/api.md', renderApiReference(await collectApiRoutes()));
// The configuration table inside docs/server.md, formatted as `npm run lint` expects it.
const serverDoc = join(root, 'docs/server.md');
files.set(
  'docs/server.md',
  await prettier.format(spliceEnvTable(readFileSync(serverDoc, 'utf8'), renderEnvTable()), {
    ...(await prettier.resolveConfig(serverDoc)),
    filepath: serverDoc,
  }),
);

update(files);

exitIfStale();
if (check) console.log('generated files are up to date');
