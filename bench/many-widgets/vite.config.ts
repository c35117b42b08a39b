import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption, type UserConfig } from 'vite';
import { appAliases, appModulePreload, appOutput } from '../../src/build/app-build-options';
import { campaignsPlugin } from '../../src/build/vite-plugin-campaigns';
import { preloadHelperPlugin } from '../../src/build/vite-plugin-preload-helper';
import { reactBindingsPlugin } from '../../src/build/vite-plugin-react-bindings';
import { shakeableRouterPlugin } from '../../src/build/vite-plugin-shakeable-router';
import { precompressPlugin } from '../precompress-plugin';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds one page of the render-cost bench (BENCH_MANY names its folder: `engine` or
 * `hand-written`) with the app's plugins. The engine page's route table is the campaigns folder
 * BENCH_CAMPAIGNS_DIR (scripts/bench-builds.ts writes the 500-widget document there). Both end
 * precompressed, as the app's build does, and are served by the reference server. The engine
 * page's chunks are cut as the app's are (src/build/app-build-options.ts).
 */
const folder = process.env.BENCH_MANY ?? 'hand-written';
const campaignsDir = process.env.BENCH_CAMPAIGNS_DIR;
const plugins: PluginOption[] = [shakeableRouterPlugin(), react(), precompressPlugin()];
if (folder === 'engine') {
  if (!campaignsDir) throw new Error('BENCH_CAMPAIGNS_DIR: the folder of the engine page document');
  plugins.push(
    reactBindingsPlugin(`${repo}src/build`),
    preloadHelperPlugin(`${repo}src/build`, '/mp/activity/'),
    campaignsPlugin({
      campaignsDir,
      widgetsDir: fileURLToPath(new URL('../../widgets', import.meta.url)),
    }),
  );
}

const engineBuild: UserConfig = {
  resolve: { alias: appAliases(`${repo}src/build`) },
  build: {
    manifest: true,
    target: 'es2020',
    modulePreload: appModulePreload,
    cssCodeSplit: false,
    rollupOptions: {
      input: { app: `${repo}bench/many-widgets/engine/index.html` },
      output: appOutput({
        start: `${repo}bench/many-widgets/engine/main.tsx`,
        entry: `${repo}bench/many-widgets/engine/boot.ts`,
        widgetsDir: `${repo}widgets`,
      }),
    },
  },
};

export default defineConfig({
  root: fileURLToPath(new URL(`./${folder}`, import.meta.url)),
  base: '/mp/activity/',
  plugins,
  ...(folder === 'engine' ? engineBuild : { build: { manifest: true, target: 'es2020' } }),
});
