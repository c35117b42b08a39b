/**
 * The production builds both benches measure: the app (of this checkout or another folder) and
 * the hand-written pages of bench/baseline, each into its own folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manyWidgetsDocument } from '../bench/many-widgets/content';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** `vite build` into `outDir`, quietly; `cwd` is the project to build (this one by default). */
export function viteBuild(
  outDir: string,
  options: { args?: string[]; env?: Record<string, string>; cwd?: string } = {},
): void {
  execFileSync(
    'npx',
    [
      'vite',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
      // BENCH_READABLE=1: unminified, so CPU profiles name functions (bench:runtime --profile).
      ...(process.env.BENCH_READABLE === '1' ? ['--minify', 'false'] : []),
      ...(options.args ?? []),
    ],
    { cwd: options.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...options.env } },
  );
}

/**
 * One hand-written page of bench/baseline (`data-router` is the reference page), built
 * the way the issue built it; with `shakeableRouter`, with the app's react-router plugin too.
 */
export function buildBaselinePage(outDir: string, folder: string, shakeableRouter = false): void {
  viteBuild(outDir, {
    args: ['--config', join(root, 'bench/baseline/vite.config.ts')],
    env: { BENCH_BASELINE: folder, BENCH_SHAKEABLE_ROUTER: shakeableRouter ? '1' : '0' },
  });
}

/**
 * The app built exactly as `npm run build` builds it, over the campaigns folder `campaignsDir`
 * instead of campaigns/ (bench/app-campaigns.vite.config.ts).
 */
export function buildSameContentApp(outDir: string, campaignsDir: string): void {
  viteBuild(outDir, {
    args: ['--config', join(root, 'bench/app-campaigns.vite.config.ts')],
    env: { BENCH_CAMPAIGNS_DIR: campaignsDir },
  });
}

/**
 * One page of the render-cost bench (bench/many-widgets): `engine` is the app's boot over a route
 * table holding only the 500-widget document at `/` (client-rendered: its HTML is the empty
 * loading screen), `hand-written` the same markup in plain React. `cwd` is the project whose
 * engine is built (another commit's worktree with this bench/many-widgets copied in).
 */
export function buildManyWidgetsPage(
  outDir: string,
  folder: 'engine' | 'hand-written',
  cwd: string = root,
): void {
  const campaignsDir = mkdtempSync(join(tmpdir(), 'bench-many-widgets-'));
  writeFileSync(join(campaignsDir, 'index.json'), JSON.stringify(manyWidgetsDocument(), null, 1));
  viteBuild(outDir, {
    cwd,
    args: ['--config', join(cwd, 'bench/many-widgets/vite.config.ts')],
    env: { BENCH_MANY: folder, BENCH_CAMPAIGNS_DIR: campaignsDir },
  });
}
