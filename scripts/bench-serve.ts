/**
 * What both benches need to measure a build as a phone gets it: the reference server's app
 * (server/) serving each build folder on a port of its own, and Debian's Chromium (Playwright cannot download its
 * own browser here; playwright.config.ts launches the same binary).
 */
import { spawn } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { root } from './bench-builds';

export interface BenchServer {
  origin: string;
}

/**
 * Serves each build folder through the reference server's app (scripts/bench-app-server.ts: one
 * process, one embedded database, one app per folder on its own port); resolves once every one
 * listens. `stopAll` stops the process and resolves when it has exited.
 */
export async function startServers<K extends string>(
  staticDirs: Record<K, string>,
): Promise<{ servers: Record<K, BenchServer>; stopAll: () => Promise<void> }> {
  const names = Object.keys(staticDirs) as K[];
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/bench-app-server.ts',
      ...names.map((name) => `${name}=${staticDirs[name]}`),
    ],
    // stdin is a pipe the server watches: if the bench dies, the server stops too.
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopAll = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  const servers = {} as Record<K, BenchServer>;
  try {
    await new Promise<void>((resolve, reject) => {
      let buffered = '';
      let ready = 0;
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        buffered += chunk;
        for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
          const [word, name, origin] = buffered.slice(0, end).trim().split(' ');
          buffered = buffered.slice(end + 1);
          if (word !== 'ready' || !name || !origin || !(name in staticDirs)) continue;
          servers[name as K] = { origin };
          ready += 1;
          if (ready === names.length) resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { servers, stopAll };
}

/** One build served as startServers serves it (scripts/bench-lighthouse.ts uses it). */
export async function startServer(
  staticDir: string,
): Promise<BenchServer & { stop: () => Promise<void> }> {
  const { servers, stopAll } = await startServers({ app: staticDir });
  return { origin: servers.app.origin, stop: stopAll };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
