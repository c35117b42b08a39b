import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: the browser-side code runs in jsdom, the server and the tools in plain Node.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on this project's 2-core
    // machines, where many files wait on a database, a server or a timer rather than the CPU.
    // Two workers took the suite from 526 s to 366 s there (2026-11-23); the server
    // tests' harness gives each file its own schema, so files do not see each other's rows.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}'],
          exclude: ['src/build/**', 'src/contracts/**', 'src/**/*.server.test.{ts,tsx}'],
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
            'deploy/**/*.test.ts',
            // Code that must also run on the server (prerendering, the shared contracts), tested
            // without a DOM.
            'src/contracts/**/*.test.ts',
            'src/**/*.server.test.{ts,tsx}',
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
