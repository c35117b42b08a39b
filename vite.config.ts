import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appAliases, appModulePreload, appOutput } from './src/build/app-build-options';
import { campaignsPlugin } from './src/build/vite-plugin-campaigns';
import { prerenderBuild } from './src/build/prerender';
import { precompressDir, summarizePrecompressed } from './src/build/precompress';
import { shakeableRouterPlugin } from './src/build/vite-plugin-shakeable-router';
import { reactBindingsPlugin } from './src/build/vite-plugin-react-bindings';
import { preloadHelperPlugin } from './src/build/vite-plugin-preload-helper';

const root = fileURLToPath(new URL('.', import.meta.url));
const prerenderDir = `${root}node_modules/.cache/campaign-prerender/${process.pid}`;

/** The release pages report with their errors (spec §8 row 3): the commit built, else "dev". */
function gitRelease(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' })
      .trim()
      .slice(0, 64);
  } catch {
    return 'dev';
  }
}
process.env.VITE_RELEASE ??= gitRelease();

// The app lives under /mp/activity/ (spec §2). The deep-link landing pages are a second build
// (the `landing` environment) into the same dist/: as entries of the app's build they shared
// small chunks with it (constants, the bundler runtime) that every campaign page then fetched
// as extra requests (docs/perf.md).
export default defineConfig({
  base: '/mp/activity/',
  plugins: [
    shakeableRouterPlugin(),
    reactBindingsPlugin(`${root}src/build`),
    preloadHelperPlugin(`${root}src/build`, '/mp/activity/'),
    react(),
    campaignsPlugin({ campaignsDir: `${root}campaigns`, widgetsDir: `${root}widgets` }),
  ],
  resolve: { alias: appAliases(`${root}src/build`) },
  // npm run dev serves the pages; the API comes from the reference server (npm start).
  server: {
    // `npm run dev` / `npm run preview` (scripts/preview.ts) set the API's port. The browser's
    // Host is kept (changeOrigin false): the login checks its return address against it.
    proxy: {
      '/mp/api': {
        target: `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
        changeOrigin: false,
      },
    },
  },
  build: {
    target: 'es2020',
    manifest: true,
    modulePreload: appModulePreload,
  },
  // Each environment names its own inputs: an input set at the top level would be merged into the
  // landing build too, which would then rebuild the app and overwrite dist/index.html.
  environments: {
    client: {
      build: {
        rollupOptions: {
          input: { app: `${root}index.html` },
          output: appOutput({
            start: `${root}src/app/main.tsx`,
            entry: `${root}src/app/boot.ts`,
            widgetsDir: `${root}widgets`,
          }),
        },
        // One stylesheet for the app and every widget (~6 KB compressed): a prerendered page
        // blocks its first paint on one request instead of one per widget (decision 0012).
        cssCodeSplit: false,
      },
    },
    landing: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        manifest: '.vite/landing-manifest.json',
        rollupOptions: {
          input: {
            dlink: `${root}landing/dlink.html`,
            'dlink-mipay': `${root}landing/dlink-mipay.html`,
          },
        },
      },
    },
    // The build-time renderer of every route's first screen (src/app/prerender-entry.ts): built
    // outside what the server serves, one folder per build process, deleted once used.
    ssr: {
      build: {
        ssr: true,
        outDir: prerenderDir,
        emptyOutDir: true,
        rollupOptions: { input: { 'prerender-entry': `${root}src/app/prerender-entry.ts` } },
      },
    },
  },
  // `vite build` builds every environment, in order: the app (emptying dist/), the landing pages,
  // the renderer; then prerenders every route into dist/pages/ (decision 0012); then, last,
  // precompresses what dist/ holds (.br and .gz for the server's content negotiation).
  builder: {
    async buildApp(builder) {
      const { client, landing, ssr } = builder.environments;
      if (!client || !landing || !ssr) throw new Error('vite.config.ts: an environment is missing');
      await builder.build(client);
      await builder.build(landing);
      await builder.build(ssr);
      // The app's own output folder (`vite build --outDir` included: the benches build elsewhere).
      const distDir = path.resolve(client.config.root, client.config.build.outDir);
      try {
        await prerenderBuild({
          distDir,
          ssrEntry: `${prerenderDir}/prerender-entry.js`,
          basePath: client.config.base,
        });
      } finally {
        await rm(prerenderDir, { recursive: true, force: true });
      }
      // Always the last step: it compresses the files every step above wrote into dist/, so a
      // step that writes there goes above this line (docs/server.md, serving the pages).
      builder.config.logger.info(summarizePrecompressed(await precompressDir(distDir)));
    },
  },
});
