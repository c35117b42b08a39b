// npm run build:server: bundles the reference server (server/src/main.ts and what it imports from
// server/ and src/) into one ES module, server/dist/main.js, so a production install runs it with
// plain Node and no dev dependency (issue 35). Packages stay imports (they are `dependencies`);
// only our own TypeScript is bundled. server/src/paths.ts relies on the bundle sitting directly
// in server/dist/, one level below server/, as its sources sit in server/src/.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
// The oldest Node the package supports (engines), so the bundle's syntax runs on it.
const minNode = /\d+(\.\d+)?/.exec(pkg.engines.node)?.[0] ?? '22';

const result = await build({
  absWorkingDir: root,
  entryPoints: ['server/src/main.ts'],
  outfile: 'server/dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${minNode}`,
  packages: 'external',
  // Stack traces in the logs point at the TypeScript (npm start runs node --enable-source-maps).
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
console.log(`server/dist/main.js: ${(bytes / 1024).toFixed(0)} KB`);
