import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { campaignsPlugin } from '../../src/build/vite-plugin-campaigns';
import { shakeableRouterPlugin } from '../../src/build/vite-plugin-shakeable-router';
import { precompressPlugin } from '../precompress-plugin';

/**
 * Builds one page of the render-cost bench (BENCH_MANY names its folder: `engine` or
 * `hand-written`) with the app's plugins. The engine page's route table is the campaigns folder
 * BENCH_CAMPAIGNS_DIR (scripts/bench-builds.ts writes the 500-widget document there). Both end
 * precompressed, as the app's build does, and are served by the reference server.
 */
const folder = process.env.BENCH_MANY ?? 'hand-written';
const campaignsDir = process.env.BENCH_CAMPAIGNS_DIR;
const plugins: PluginOption[] = [shakeableRouterPlugin(), react(), precompressPlugin()];
if (folder === 'engine') {
  if (!campaignsDir) throw new Error('BENCH_CAMPAIGNS_DIR: the folder of the engine page document');
  plugins.push(
    campaignsPlugin({
      campaignsDir,
      widgetsDir: fileURLToPath(new URL('../../widgets', import.meta.url)),
    }),
  );
}

export default defineConfig({
  root: fileURLToPath(new URL(`./${folder}`, import.meta.url)),
  base: '/mp/activity/',
  plugins,
  build: { manifest: true, target: 'es2020' },
});
