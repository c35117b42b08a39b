import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { campaignsPlugin } from './src/build/vite-plugin-campaigns';

const root = fileURLToPath(new URL('.', import.meta.url));

// The app lives under /mp/activity/ (spec §2). The deep-link landing pages are separate tiny
// entries so they load without the app's router and engine.
export default defineConfig({
  base: '/mp/activity/',
  plugins: [react(), campaignsPlugin({ campaignsDir: `${root}campaigns` })],
  // npm run dev serves the pages; the API comes from the reference server (npm start).
  server: {
    proxy: { '/mp/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
  build: {
    target: 'es2020',
    manifest: true,
    rollupOptions: {
      input: {
        app: `${root}index.html`,
        dlink: `${root}landing/dlink.html`,
        'dlink-mipay': `${root}landing/dlink-mipay.html`,
      },
    },
  },
});
