import { defineConfig } from 'vitest/config';

// Two projects: the browser-side code runs in jsdom, the server and the tools in plain Node.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}'],
          exclude: ['src/build/**', 'src/**/*.server.test.{ts,tsx}'],
          setupFiles: ['tests/setup/web.ts'],
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'src/build/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            // Code that must also run on the server (prerendering), tested without a DOM.
            'src/**/*.server.test.{ts,tsx}',
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
