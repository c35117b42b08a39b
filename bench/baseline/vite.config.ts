import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { shakeableRouterPlugin } from '../../src/build/vite-plugin-shakeable-router';
import { precompressPlugin } from '../precompress-plugin';

/**
 * Builds one hand-written page of bench/baseline (BENCH_BASELINE names its folder) the way the
 * issue built its reference: a plain Vite production build. With BENCH_SHAKEABLE_ROUTER=1 it also
 * gets the app's react-router plugin, so npm run bench can say what the page would weigh with the
 * same build trick the app uses. Like the app's build, it ends by precompressing its files.
 */
const folder = process.env.BENCH_BASELINE ?? 'data-router';
export default defineConfig({
  root: fileURLToPath(new URL(`./${folder}`, import.meta.url)),
  base: '/mp/activity/',
  plugins: [
    ...(process.env.BENCH_SHAKEABLE_ROUTER === '1' ? [shakeableRouterPlugin()] : []),
    precompressPlugin(),
  ],
  build: { manifest: true, target: 'es2020' },
});
