// npm start. In development (the default): build the front end when dist/ is missing or older
// than its sources, then run the server from its TypeScript (server/src/main.ts) through tsx.
// In production (NODE_ENV=production, or an install without dev dependencies): run what
// `npm run build` made, server/dist/main.js serving dist/, with plain Node; nothing is built.
// Signals reach the server, so Ctrl-C and SIGTERM drain in-flight requests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_BUNDLE = path.join(root, 'server/dist/main.js');
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

/** Dev dependencies are installed (a clone after `npm ci`, not `npm ci --omit=dev`). */
function hasDevDependencies() {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

function buildFrontEndWhenStale() {
  const builtAt = newest(path.join(root, 'dist/index.html'));
  const sourcesAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
  if (builtAt !== 0 && builtAt >= sourcesAt) return;
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

function run(args) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** A word when this Node is older than the one the project is tested on (decision 0040). */
function warnOnOldNode() {
  const wanted = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node;
  const major = Number(/\d+/.exec(wanted ?? '')?.[0]);
  if (Number(process.versions.node.split('.')[0]) < major) {
    console.warn(
      `Node ${process.version} is older than the project's (${wanted}, the one CI tests): ` +
        'source scripts/use-node.sh, or install that Node',
    );
  }
}

warnOnOldNode();
const production = process.env.NODE_ENV === 'production' || !hasDevDependencies();
if (production) {
  const missing = [SERVER_BUNDLE, path.join(root, 'dist/index.html')].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    console.error(
      `production start: ${missing.map((f) => path.relative(root, f)).join(' and ')} missing.\n` +
        'Build first, where dev dependencies are installed: npm ci && npm run build',
    );
    process.exit(1);
  }
  if (process.env.NODE_ENV !== 'production') {
    console.log('dev dependencies not installed: running the built server (server/dist/)');
  }
  // In this process (no child to forward signals to); stack traces point at the TypeScript.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(SERVER_BUNDLE).href);
} else {
  buildFrontEndWhenStale();
  run(['--import', 'tsx', 'server/src/main.ts']);
}
