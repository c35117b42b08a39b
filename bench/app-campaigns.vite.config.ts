import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption } from 'vite';
import appConfig from '../vite.config';
import { campaignsPlugin } from '../src/build/vite-plugin-campaigns';

/**
 * The app's own build (vite.config.ts: every environment, prerendering, precompression) over
 * another campaigns folder, BENCH_CAMPAIGNS_DIR: npm run bench builds campaigns/ plus
 * bench/same-content.json with it, so the "same content" page is built and served
 * exactly as a route is.
 */
const campaignsDir = process.env.BENCH_CAMPAIGNS_DIR;
if (!campaignsDir) throw new Error('BENCH_CAMPAIGNS_DIR: the campaigns folder to build');

const isCampaignsPlugin = (plugin: PluginOption) =>
  typeof plugin === 'object' &&
  plugin !== null &&
  'name' in plugin &&
  plugin.name === 'campaign-documents';
const plugins = appConfig.plugins ?? [];
if (!plugins.some(isCampaignsPlugin)) {
  throw new Error('vite.config.ts has no campaign-documents plugin to point elsewhere');
}

export default defineConfig({
  ...appConfig,
  plugins: plugins.map((plugin) =>
    isCampaignsPlugin(plugin)
      ? campaignsPlugin({
          campaignsDir,
          widgetsDir: fileURLToPath(new URL('../widgets', import.meta.url)),
        })
      : plugin,
  ),
});
