/**
 * npm run generate [--check]
 * Writes the campaign and activity JSON Schemas and the widget reference docs from the widget
 * schemas, the server's activity schema and, for the override schema, the templates of campaigns/
 * (so a changed template needs a new run too; CI checks it), and docs/server.md's configuration
 * table from the server's environment schema (server/src/config/env-schema.ts).
 * With --check (CI), writes nothing and exits 1 when a generated file is stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { projectGeneratedFiles } from '../src/build/project-artifacts';
import { collectApiRoutes, renderApiReference } from '../server/src/docs/api-reference';
import { renderEnvTable, spliceEnvTable } from '../server/src/docs/env-reference';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
const stale: string[] = [];

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

for (const [path, content] of files) {
  const full = join(root, path);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  if (current === content) continue;
  if (check) stale.push(path);
  else {
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    console.log(`wrote ${path}`);
  }
}

if (stale.length > 0) {
  console.error(
    `stale generated files (run npm run generate and commit):\n  ${stale.join('\n  ')}`,
  );
  process.exit(1);
}
if (check) console.log('generated files are up to date');
