/**
 * What both benches need to measure a build as a phone gets it: the reference server (server/)
 * serving a build folder on a free port, and Debian's Chromium (Playwright cannot download its
 * own browser here; playwright.config.ts launches the same binary).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { root } from './bench-builds';

/** A port nothing listens on now (the OS picks it), so a bench never collides with a dev server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface BenchServer {
  origin: string;
  /** Stops the server and resolves once its process has exited. */
  stop(): Promise<void>;
}

/**
 * The reference server (as `npm start` runs it, on the embedded database in `dataDir`, a fresh
 * folder by default) serving `staticDir` as its built front end (none: no front end); resolves
 * once it answers its health check.
 */
export async function startServer(
  staticDir: string | null,
  dataDir = mkdtempSync(join(tmpdir(), 'bench-server-data-')),
): Promise<BenchServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      // An empty folder when there is no front end (unset, the server would serve dist/).
      STATIC_DIR: staticDir ?? mkdtempSync(join(tmpdir(), 'bench-no-front-end-')),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const server = {
    origin,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      return exited;
    },
  };
  // A fresh database is created and seeded first: tens of seconds on a busy shared machine.
  for (let attempt = 0; attempt < 720; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/mp/api/health`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`the server for ${staticDir} did not become healthy`);
}

/**
 * Starts servers for several builds at once, each on a copy of one database seeded once: seeding
 * is most of a server's start, so this is several times faster than a fresh database each.
 */
export async function startServers<K extends string>(
  staticDirs: Record<K, string>,
): Promise<{ servers: Record<K, BenchServer>; stopAll: () => Promise<void> }> {
  const seeded = mkdtempSync(join(tmpdir(), 'bench-server-data-'));
  await (await startServer(null, seeded)).stop();
  const started: BenchServer[] = [];
  const stopAll = async () => void (await Promise.all(started.map((server) => server.stop())));
  try {
    const entries = await Promise.all(
      (Object.entries(staticDirs) as [K, string][]).map(async ([name, dir]) => {
        const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-data-'));
        cpSync(seeded, dataDir, { recursive: true });
        const server = await startServer(dir, dataDir);
        started.push(server);
        return [name, server] as const;
      }),
    );
    return { servers: Object.fromEntries(entries) as Record<K, BenchServer>, stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
