// npm run validate: the validator CLI (scripts/validate.ts) run as one pre-bundled JavaScript
// file, so a run pays no TypeScript start-up (decision 0012). The bundle lives in
// node_modules/.cache/campaign-validator/ with the list of the files it was built from (their
// size and modification time); when any of them changed, or on the first run after `npm ci`, it
// is rebuilt with Vite (library/SSR mode, ~0.5 s) before running. Nothing here is committed.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = 'scripts/validate.ts';
// CAMPAIGN_VALIDATOR_CACHE: another folder for the bundle (tests).
const cacheDir =
  process.env.CAMPAIGN_VALIDATOR_CACHE ??
  path.join(root, 'node_modules', '.cache', 'campaign-validator');
let bundleFile = path.join(cacheDir, 'validate.mjs');
const inputsFile = path.join(cacheDir, 'inputs.json');
// Rebuilding when this launcher changes keeps the build options and the bundle in step.
const self = path
  .relative(root, fileURLToPath(import.meta.url))
  .split(path.sep)
  .join('/');

function fingerprint(file) {
  const stat = statSync(path.join(root, file));
  return [file, stat.mtimeMs, stat.size];
}

/** True when the bundle exists and none of the files it was built from changed. */
function isFresh() {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
    statSync(bundleFile);
  } catch {
    return false;
  }
  if (inputs.node !== process.version || !Array.isArray(inputs.files)) return false;
  for (const [file, mtimeMs, size] of inputs.files) {
    try {
      const [, now, nowSize] = fingerprint(file);
      if (now !== mtimeMs || nowSize !== size) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Writes a file under a temporary name, then renames it: a parallel run never reads half. */
function writeAtomically(file, content) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

async function build() {
  const { build: viteBuild } = await import('vite');
  // configFile: false — the app's vite.config.ts (plugins, several environments) is not needed.
  const result = await viteBuild({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    build: {
      ssr: entry,
      write: false,
      minify: false,
      target: 'node20',
      sourcemap: false,
      emptyOutDir: false,
    },
    // Dependencies (zod, jsonc-parser) go into the bundle too: one file to load.
    ssr: { noExternal: true, target: 'node' },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunk = outputs.find((output) => output.type === 'chunk' && output.isEntry);
  if (!chunk || outputs.filter((output) => output.type === 'chunk').length !== 1)
    throw new Error('the validator bundle must be one file (no dynamic import in the CLI)');
  const files = [self];
  for (const id of chunk.moduleIds) {
    if (!path.isAbsolute(id)) continue; // virtual modules of the bundler
    const file = path.relative(root, id).split(path.sep).join('/');
    try {
      files.push(fingerprint(file)[0]);
    } catch {
      // Not a file on disk.
    }
  }
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeAtomically(bundleFile, chunk.code);
    writeAtomically(
      inputsFile,
      `${JSON.stringify({ node: process.version, files: files.map(fingerprint) }, null, 1)}\n`,
    );
  } catch {
    // A read-only node_modules (some CI caches): run from a temporary copy, rebuilt next time.
    bundleFile = path.join(mkdtempSync(path.join(tmpdir(), 'campaign-validator-')), 'validate.mjs');
    writeFileSync(bundleFile, chunk.code);
  }
}

if (!isFresh()) {
  try {
    await build();
  } catch (error) {
    console.error(
      `validate: building the validator failed (exit 2); run "npx tsx ${entry}" to see the source error\n`,
      error,
    );
    process.exit(2);
  }
}
const { main } = await import(pathToFileURL(bundleFile).href);
main(root);
