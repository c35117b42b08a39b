/**
 * npm run bench: what a phone pays, measured from the production build's own output, plus how
 * long validating campaigns/ takes. Builds the app and two hand-written pages of the same content
 * (bench/baseline: the reference page on react-router's data router, and a strict one on
 * the declarative API the app uses) in the same run, so every ratio compares numbers from one
 * machine. Writes bench/results.json and prints a table; docs/perf.md records a run.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openProject } from '../src/build/campaign-context';
import { validateCampaigns } from '../src/build/validate-campaigns';
import { buildBaselinePage, root, viteBuild } from './bench-builds';

/** Issue 2 budget: first load of a campaign route within 1.15x of the hand-written page. */
const FIRST_LOAD_BUDGET_RATIO = 1.15;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

function gzipSize(outDir: string, file: string): number {
  return gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
}

/** A chunk and everything it imports statically (what loads before it can run). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, into);
  return into;
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

const sumGzip = (manifest: Manifest, outDir: string, keys: Iterable<string>) =>
  [...keys].reduce(
    (total, key) => total + (manifest[key] ? gzipSize(outDir, manifest[key].file) : 0),
    0,
  );

/**
 * Builds one hand-written page (a folder of bench/baseline) and returns its JS, gzip. With
 * `shakeableRouter` it gets the app's react-router plugin too.
 */
function buildBaseline(folder: string, shakeableRouter = false): number {
  const outDir = mkdtempSync(join(tmpdir(), `bench-${folder}-`));
  buildBaselinePage(outDir, folder, shakeableRouter);
  const manifest = readManifest(outDir);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  return sumGzip(manifest, outDir, closure(manifest, entry));
}

// 1. Build the app and both hand-written pages.
const appOut = mkdtempSync(join(tmpdir(), 'bench-app-'));
viteBuild(appOut);
const app = readManifest(appOut);
// What is measured must be what is served: the page's script is the manifest's entry (a second
// build into the same folder, like the landing pages', must not have replaced it).
const servedEntry = /<script type="module"[^>]* src="\/mp\/activity\/([^"]+)"/.exec(
  readFileSync(join(appOut, 'index.html'), 'utf8'),
)?.[1];
if (servedEntry !== app['index.html']?.file) {
  throw new Error(
    `index.html loads ${servedEntry}, the manifest's entry is ${app['index.html']?.file}`,
  );
}
/** The reference: "a hand-written React 19 page with react-router" (data router). */
const baselineBytes = buildBaseline('data-router');
/** Stricter: the same page on the declarative router API the app itself uses. */
const declarativeBytes = buildBaseline('declarative');
/** For the record, not the verdict: both pages with the react-router plugin the app's build uses. */
const baselineShakenBytes = buildBaseline('data-router', true);
const declarativeShakenBytes = buildBaseline('declarative', true);

// 2. First load per route: entry closure + document chunk closure + the chunks of the widgets a
// first render mounts (the page preloads exactly these; dialogs and closed tabs load when idle).
// `allWidgetsBytes` adds those too: what the page has loaded once it has been idle.
const project = openProject();
const widgetKey = (type: string) => `widgets/${type}/${type}.tsx`;
const entryClosure = closure(app, 'index.html');
const routes = project.files
  .filter((file) => file.route !== null)
  .map((file) => {
    const compiled = project.compile(file.relativePath).document;
    const keys = new Set(entryClosure);
    closure(app, `campaigns/${file.relativePath}?campaign-document`, keys);
    for (const type of compiled?.initialWidgetTypes ?? []) closure(app, widgetKey(type), keys);
    const bytes = sumGzip(app, appOut, keys);
    for (const type of compiled?.widgetTypes ?? []) closure(app, widgetKey(type), keys);
    return {
      route: file.route ?? '',
      bytes,
      ratio: bytes / baselineBytes,
      declarativeRatio: bytes / declarativeBytes,
      shakenRatio: bytes / baselineShakenBytes,
      allWidgetsBytes: sumGzip(app, appOut, keys),
    };
  });

// 2b. The issue's own comparison: a campaign page with the reference page's content
// (bench/same-content.json: banner, 8-prize draw, 10 tasks, rules, a link), compiled with the
// real campaigns beside it and emitted the way the Vite plugin emits a document chunk.
const sameContentDir = mkdtempSync(join(tmpdir(), 'bench-campaigns-'));
cpSync(join(root, 'campaigns'), sameContentDir, { recursive: true });
copyFileSync(join(root, 'bench/same-content.json'), join(sameContentDir, 'same-content.json'));
const sameContent = openProject(sameContentDir).compile('same-content.json');
if (!sameContent.document) {
  throw new Error(`bench/same-content.json: ${JSON.stringify(sameContent.diagnostics)}`);
}
const sameContentKeys = new Set(entryClosure);
for (const type of sameContent.document.initialWidgetTypes) {
  closure(app, widgetKey(type), sameContentKeys);
}
const sameContentChunk = `var e=JSON.parse(${JSON.stringify(JSON.stringify(sameContent.document))});export{e as default};\n`;
const sameContentBytes =
  sumGzip(app, appOut, sameContentKeys) + gzipSync(sameContentChunk, { level: 9 }).length;

// 3. What each widget adds on top of the entry.
const widgetTypes = Object.keys(app)
  .filter((key) => /^widgets\/([^/]+)\/\1\.tsx$/.test(key))
  .map((key) => key.split('/')[1] ?? key);
const widgets = widgetTypes.map((type) => {
  const own = [...closure(app, widgetKey(type))].filter((key) => !entryClosure.has(key));
  return { widget: type, bytes: sumGzip(app, appOut, own) };
});

// 4. Validation time of the whole campaigns/ folder (median of 7 runs after a warm-up).
validateCampaigns(openProject());
const times: number[] = [];
for (let i = 0; i < 7; i += 1) {
  const started = performance.now();
  validateCampaigns(openProject());
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const validateMs = times[3] ?? 0;

const entryBytes = sumGzip(app, appOut, entryClosure);
const results = {
  command: 'npm run bench',
  baselineBytes,
  declarativeBytes,
  baselineShakenBytes,
  declarativeShakenBytes,
  entryBytes,
  budgetRatio: FIRST_LOAD_BUDGET_RATIO,
  sameContent: {
    bytes: sameContentBytes,
    ratio: sameContentBytes / baselineBytes,
    declarativeRatio: sameContentBytes / declarativeBytes,
    shakenRatio: sameContentBytes / baselineShakenBytes,
  },
  routes,
  widgets,
  validate: { files: project.files.length, medianMs: Math.round(validateMs * 10) / 10 },
};
mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);

console.log(`reference page (React + data router):       ${kb(baselineBytes)} KB gzip`);
console.log(`strict page (React + declarative router):   ${kb(declarativeBytes)} KB gzip`);
console.log(
  `the same two with the app's react-router plugin: ${kb(baselineShakenBytes)} KB and ${kb(declarativeShakenBytes)} KB gzip (not the verdict's reference)`,
);
console.log(`app entry (shared by every route):          ${kb(entryBytes)} KB gzip`);
console.log(
  `\nfirst load per route (JS, gzip), ratio to the reference page (budget ${FIRST_LOAD_BUDGET_RATIO}x), to the strict page and to the reference page with the plugin; then with idle-loaded widgets`,
);
for (const route of routes) {
  const flag = route.ratio > FIRST_LOAD_BUDGET_RATIO ? '  OVER BUDGET' : '';
  console.log(
    `  ${route.route.padEnd(22)} ${kb(route.bytes).padStart(7)} KB  ${route.ratio.toFixed(3)}x  ${route.declarativeRatio.toFixed(3)}x  ${route.shakenRatio.toFixed(3)}x  ${kb(route.allWidgetsBytes).padStart(7)} KB${flag}`,
  );
}
console.log(
  `\nsame content as the reference page (bench/same-content.json): ${kb(sameContentBytes)} KB  ${results.sameContent.ratio.toFixed(3)}x  ${results.sameContent.declarativeRatio.toFixed(3)}x  ${results.sameContent.shakenRatio.toFixed(3)}x${results.sameContent.ratio > FIRST_LOAD_BUDGET_RATIO ? '  OVER BUDGET' : ''}`,
);
console.log('\nJS each widget adds (gzip)');
for (const widget of widgets)
  console.log(`  ${widget.widget.padEnd(28)} ${kb(widget.bytes).padStart(7)} KB`);
console.log(
  `\nvalidate ${results.validate.files} campaign files: median ${results.validate.medianMs} ms`,
);

// `--check` (CI): a route or the same-content page over the budget fails the run. Sizes come
// from the build's output, not from a clock, so this is safe on a noisy machine.
if (process.argv.includes('--check')) {
  const over = [
    ...routes.filter((route) => route.ratio > FIRST_LOAD_BUDGET_RATIO).map((route) => route.route),
    ...(results.sameContent.ratio > FIRST_LOAD_BUDGET_RATIO ? ['bench/same-content.json'] : []),
  ];
  if (over.length > 0) {
    console.error(
      `\nfirst load over ${FIRST_LOAD_BUDGET_RATIO}x of the reference page: ${over.join(', ')}`,
    );
    process.exit(1);
  }
  console.log(`\nevery first load within ${FIRST_LOAD_BUDGET_RATIO}x of the reference page`);
}
