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
          exclude: ['src/build/**'],
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
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
