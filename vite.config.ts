import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { campaignsPlugin } from './src/build/vite-plugin-campaigns';
import { shakeableRouterPlugin } from './src/build/vite-plugin-shakeable-router';

const root = fileURLToPath(new URL('.', import.meta.url));

// The app lives under /mp/activity/ (spec §2). The deep-link landing pages are a second build
// (the `landing` environment) into the same dist/: as entries of the app's build they shared
// small chunks with it (constants, the bundler runtime) that every campaign page then fetched
// as extra requests (docs/perf.md).
export default defineConfig({
  base: '/mp/activity/',
  plugins: [
    shakeableRouterPlugin(),
    react(),
    campaignsPlugin({ campaignsDir: `${root}campaigns`, widgetsDir: `${root}widgets` }),
  ],
  // npm run dev serves the pages; the API comes from the reference server (npm start).
  server: {
    proxy: { '/mp/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
  build: {
    target: 'es2020',
    manifest: true,
  },
  // Each environment names its own inputs: an input set at the top level would be merged into the
  // landing build too, which would then rebuild the app and overwrite dist/index.html.
  environments: {
    client: {
      build: { rollupOptions: { input: { app: `${root}index.html` } } },
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
  },
  // `vite build` builds every environment, in order: the app (emptying dist/), then the landing pages.
  builder: {},
});
