// npm start: build the front end when dist/ is missing or older than its sources, then run the
// reference server (server/src/main.ts) through tsx. Signals are forwarded so Ctrl-C drains.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = [
  'src',
  'widgets',
  'campaigns',
  'public',
  'index.html',
  'landing',
  'vite.config.ts',
  'package.json',
];
const SKIP = new Set(['node_modules', '.git', 'dist']);

/** Newest modification time under `p` (0 when it does not exist). */
function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (!SKIP.has(entry)) max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

const builtAt = newest(path.join(root, 'dist/index.html'));
const sourcesAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (builtAt === 0 || builtAt < sourcesAt) {
  console.log(
    builtAt === 0 ? 'dist/ missing: building the front end' : 'sources changed: rebuilding',
  );
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    // An invalid campaign document fails the build with located messages: stop here.
    console.error(
      'front-end build failed: fix the errors above (npm run validate) and start again',
    );
    process.exit(build.status ?? 1);
  }
}

const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
