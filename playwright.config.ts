import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the built app served by the reference server (npm start), in
 * Debian's Chromium (browser downloads are impossible here: README installs `chromium`).
 */
const port = Number(process.env.E2E_PORT ?? 4318);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: process.env.CI ? 1 : 0,
  // Two browsers at once against the one server: the suite takes ~0.65x the time of one on this
  // 2-core machine (CI budget). Tests share the server, so each uses its own user
  // (helpers.ts phoneFor) and must not assume it is alone; E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Pixel 7'],
    // Pixel 7's UA is a Chrome one; the browser project below runs Chromium with it.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Lets a test open the app on an "m." host (spec §2 /goldCloseBy) without DNS.
        '--host-resolver-rules=MAP m.campaign.test 127.0.0.1, MAP www.campaign.test 127.0.0.1',
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/mp/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // OPS_TOKEN opens /ops/client-errors, where tests read what pages reported (spec §8 row 3).
    env: { PORT: String(port), OPS_TOKEN: 'e2e-ops-token' },
  },
});
