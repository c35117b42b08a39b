/**
 * The production builds both benches measure: the app (of this checkout or another folder) and
 * the hand-written pages of bench/baseline, each into its own folder.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
