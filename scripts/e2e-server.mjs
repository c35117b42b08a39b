// Starts `npm start` for the end-to-end run on a throwaway data folder, so every run begins with
// a fresh embedded database and seeded demo activities.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'campaign-e2e-'));
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  stdio: 'inherit',
  // The fake bridge's cashier completes video VIP orders through the sandbox cashier.
  env: {
    ...process.env,
    SANDBOX_CASHIER: '1',
    // Every journey signs in from 127.0.0.1: the per-address send limit is for the public.
    SMS_SENDS_PER_ADDRESS_PER_HOUR: '100000',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
