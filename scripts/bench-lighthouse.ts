/**
 * npm run bench:lighthouse (issue 10): Lighthouse 12's mobile preset on campaign routes as the
 * reference server serves them, each beside a static HTML snapshot of the same page (the same
 * prerendered DOM and CSS, with every script and script hint removed), measured in one run,
 * pages alternating, medians. The snapshot is the limit a page made of static HTML could reach;
 * the issue asks for LCP within 1.1x of it, a score of 98 or more and CLS 0.
 *
 * Lighthouse is not a dependency of the project (nothing else needs its ~200 packages): the
 * script runs it through `npx --yes lighthouse@<LIGHTHOUSE_VERSION>`. Options: routes as
 * arguments (default /luckDraw / /tongchengFeb); BENCH_RUNS (default 5).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGES_MANIFEST, type PagesManifest } from '../src/build/prerender';
import { viteBuild } from './bench-builds';
import { startServer } from './bench-serve';

const LIGHTHOUSE_VERSION = '12.8.2';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const ROUTES = routes.length > 0 ? routes : ['/luckDraw', '/', '/tongchengFeb'];

interface Metrics {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

/** The prerendered page with every script and script hint removed: same DOM and CSS, no JS. */
export function staticSnapshot(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}

function lighthouse(url: string, outFile: string): Metrics {
  execFileSync(
    'npx',
    [
      '--yes',
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${outFile}`,
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
    },
  );
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const dist = join(work, 'dist');
  console.log('building the app…');
  viteBuild(dist);
  const manifest = JSON.parse(readFileSync(join(dist, PAGES_MANIFEST), 'utf8')) as PagesManifest;
  mkdirSync(join(dist, 'snapshot'), { recursive: true });
  const pages: { label: string; path: string }[] = [];
  for (const route of ROUTES) {
    const file = manifest.routes[route];
    if (!file) throw new Error(`${route} has no prerendered page`);
    const name = route === '/' ? 'index' : route.slice(1).replace(/\//g, '_');
    writeFileSync(
      join(dist, 'snapshot', `${name}.html`),
      staticSnapshot(readFileSync(join(dist, file), 'utf8')),
    );
    pages.push({ label: route, path: `/mp/activity${route === '/' ? '/' : route}` });
    pages.push({ label: `${route} static`, path: `/mp/activity/snapshot/${name}.html` });
  }
  const server = await startServer(dist);
  const results = new Map<string, Metrics[]>(pages.map((page) => [page.label, []]));
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      for (const page of pages) {
        const metrics = lighthouse(`${server.origin}${page.path}`, join(work, 'report.json'));
        results.get(page.label)!.push(metrics);
        console.log(`run ${run} ${page.label}: ${JSON.stringify(metrics)}`);
      }
    }
  } finally {
    await server.stop();
  }
  console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, mobile preset, medians of ${RUNS}:\n`);
  console.log('| page | score | FCP ms | LCP ms | LCP / static | TBT ms | CLS | SI ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const route of ROUTES) {
    const staticLcp = median(results.get(`${route} static`)!.map((m) => m.lcp));
    for (const label of [route, `${route} static`]) {
      const runs = results.get(label)!;
      const m = (key: keyof Metrics) => median(runs.map((run) => run[key]));
      console.log(
        `| ${label} | ${m('score')} | ${m('fcp').toFixed(0)} | ${m('lcp').toFixed(0)} | ${(m('lcp') / staticLcp).toFixed(2)}x | ${m('tbt').toFixed(0)} | ${m('cls').toFixed(3)} | ${m('si').toFixed(0)} |`,
      );
    }
  }
}

await main();
