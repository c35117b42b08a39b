/**
 * npm run preview: the one command an operator runs while writing pages (issue 11).
 *
 * - Vite's dev server (this repo's vite.config.ts) serves the app; campaign documents hot-reload
 *   through src/build/vite-plugin-campaigns.ts, and the environment bar (src/app/preview/) is
 *   part of the dev build only.
 * - The reference server (server/src/main.ts) answers the API on a free port of its own, with an
 *   embedded database in server/data/preview/ (kept between runs: logins and draws survive), and
 *   serves no pages (STATIC_DIR names no folder).
 * - A change under server/activities/ is checked first (the server's own loader, so the same
 *   messages); a valid set restarts the API server and reloads the open pages, an invalid one is
 *   reported and the running server keeps the previous activities. API requests that arrive
 *   during a restart wait for it instead of failing.
 * - Output: one line with the address, then only what needs the operator (an invalid page or
 *   activity, a server error).
 *
 * Options: --port N (default 5173, the next free one when taken), --host H (default localhost).
 * Env: PREVIEW_DATA_DIR (default server/data/preview).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLogger, createServer, type Logger, type Plugin, type ViteDevServer } from 'vite';
import { ACTIVITIES_DIR, loadActivities } from '../server/src/config/load-activities';

const root = fileURLToPath(new URL('..', import.meta.url));
const API_PREFIX = '/mp/api';
const APP_PATH = '/mp/activity/';
/** How long the API server may take to answer its health check after a (re)start. */
const API_START_TIMEOUT_MS = 60_000;
/** Editors write a file in several steps (truncate, write, rename): one reload per burst. */
const WATCH_DEBOUNCE_MS = 200;

export interface PreviewOptions {
  /** The app's port; the next free one is used when it is taken. Default 5173. */
  port?: number;
  host?: string;
  /** The API server's database folder. Default server/data/preview. */
  dataDir?: string;
  /** Where messages for the operator go. Default: stderr, one line each. */
  log?: (line: string) => void;
}

export interface Preview {
  /** The app's address, ending in /mp/activity/. */
  url: string;
  apiPort: number;
  /** Checks the activities and restarts the API server (what a change under server/activities/ does). */
  reloadActivities(): Promise<void>;
  close(): Promise<void>;
}

/** A port nothing listens on now (the kernel's choice). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The lines of a Fastify (pino) log worth showing: warnings and errors, as `api: message`. */
export function apiLogLine(line: string): string | null {
  const text = line.trim();
  if (text === '') return null;
  if (!text.startsWith('{')) return null; // the server's "ready" banner: the preview prints its own
  try {
    const entry = JSON.parse(text) as { level?: number; msg?: string; err?: { message?: string } };
    if ((entry.level ?? 0) < 40) return null;
    const detail =
      entry.err?.message && entry.err.message !== entry.msg ? `: ${entry.err.message}` : '';
    return `api: ${entry.msg ?? text}${detail}`;
  } catch {
    return `api: ${text}`;
  }
}

function forwardLines(stream: NodeJS.ReadableStream, each: (line: string) => void): void {
  let rest = '';
  stream.setEncoding?.('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) each(line);
  });
  stream.on('end', () => rest && each(rest));
}

/**
 * The reference server as a child process on a fixed port. `ready` settles when the current
 * process answers its health check (rejects when it could not start); requests wait on it.
 */
class ApiServer {
  private child: ChildProcess | null = null;
  ready: Promise<void> = Promise.resolve();

  constructor(
    readonly port: number,
    private readonly dataDir: string,
    private readonly log: (line: string) => void,
  ) {}

  start(): Promise<void> {
    // An operator's DATABASE_URL (a shared PostgreSQL) is not the preview's: always the
    // embedded database in the preview folder.
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        // Pages come from Vite; a folder that does not exist makes the server API-only.
        STATIC_DIR: path.join(this.dataDir, 'no-static'),
        LOG_LEVEL: 'warn',
        // The fake bridge's cashier completes video VIP orders (server/src/routes/video-vip.ts).
        SANDBOX_CASHIER: '1',
      },
    });
    this.child = child;
    // Whatever ends this process (an uncaught error included), the API server goes with it: an
    // orphan would keep the port and the database folder.
    const orphanGuard = () => child.kill('SIGKILL');
    process.once('exit', orphanGuard);
    child.once('exit', () => process.off('exit', orphanGuard));
    const stderr: string[] = [];
    forwardLines(child.stdout!, (line) => {
      const shown = apiLogLine(line);
      if (shown) this.log(shown);
    });
    forwardLines(child.stderr!, (line) => {
      if (line.trim()) stderr.push(line);
    });
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = null;
        reject(
          new Error(
            `the API server stopped (${signal ?? `exit ${code}`})${stderr.length ? `:\n${stderr.slice(-15).join('\n')}` : ''}`,
          ),
        );
      }),
    );
    // Once up, a later crash is reported (the next activity change starts it again).
    exited.catch((error: Error) => {
      if (!this.stopping.has(child)) this.log(error.message);
    });
    this.ready = Promise.race([this.waitHealthy(), exited]);
    return this.ready;
  }

  private readonly stopping = new WeakSet<ChildProcess>();

  private async waitHealthy(): Promise<void> {
    const deadline = Date.now() + API_START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`http://127.0.0.1:${this.port}${API_PREFIX}/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the API server did not answer within ${API_START_TIMEOUT_MS / 1000} s`);
  }

  /** SIGTERM (the server drains and closes its database), SIGKILL after 10 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.stopping.add(child);
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(force);
  }

  /** Stops, then starts: one process at a time, since the embedded database has one owner. */
  restart(): Promise<void> {
    const next = this.stop().then(() => this.start());
    this.ready = next;
    return next;
  }
}

/** Holds API requests while the API server (re)starts; answers 503 when it could not. */
function apiGatePlugin(api: ApiServer): Plugin {
  return {
    name: 'preview-api-gate',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(API_PREFIX)) return next();
        api.ready.then(
          () => next(),
          (error: Error) => {
            res.statusCode = 503;
            res.setHeader('content-type', 'text/plain; charset=utf-8');
            res.end(`preview: ${error.message}`);
          },
        );
      });
    },
  };
}

/**
 * Vite's own lines the operator needs are errors (an invalid page, a failed transform); its
 * info lines (ready banner, dependency optimisation, page reloads) are noise here.
 */
function quietLogger(log: (line: string) => void): Logger {
  const logger = createLogger('warn', { allowClearScreen: false });
  return {
    ...logger,
    info: () => undefined,
    warn: (message) => log(message),
    warnOnce: (message) => log(message),
    error: (message) => log(message),
  };
}

export async function startPreview(options: PreviewOptions = {}): Promise<Preview> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const dataDir = path.resolve(
    options.dataDir ?? process.env.PREVIEW_DATA_DIR ?? path.join(root, 'server/data/preview'),
  );
  await mkdir(dataDir, { recursive: true });
  const api = new ApiServer(await freePort(), dataDir, log);
  const apiStarted = api.start();
  // Vite starts meanwhile; requests wait for the API through the gate.
  apiStarted.catch(() => undefined);

  // Vite's config loader lists every extension-less import under vite.config.ts (100+ lines) as
  // unsupported by a loader it may make the default one day: nothing the operator can act on.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const vite: ViteDevServer = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    clearScreen: false,
    customLogger: quietLogger(log),
    plugins: [apiGatePlugin(api)],
    server: {
      port: options.port ?? 5173,
      host: options.host ?? 'localhost',
      proxy: {
        // changeOrigin stays false: the server sees the browser's Host, so the login's return
        // address (requestUrl, same origin only) and the cookies match the page's origin. Vite's
        // string shorthand sets changeOrigin: true, which made every login through
        // `npm run dev` answer "The return address is not on this site".
        [API_PREFIX]: { target: `http://127.0.0.1:${api.port}`, changeOrigin: false },
      },
    },
  });
  await vite.listen();
  const url =
    vite.resolvedUrls?.local[0] ?? `http://localhost:${vite.config.server.port}${APP_PATH}`;
  try {
    await apiStarted;
  } catch (error) {
    log((error as Error).message);
  }

  let chain = Promise.resolve();
  /** Checks first: an invalid file must not take the running API down. */
  const reloadActivities = (): Promise<void> => {
    chain = chain.then(async () => {
      let count: number;
      try {
        count = (await loadActivities()).size;
      } catch (error) {
        log(`activities not reloaded: ${(error as Error).message}`);
        return;
      }
      try {
        await api.restart();
      } catch (error) {
        log((error as Error).message);
        return;
      }
      log(`activities reloaded (${count})`);
      vite.ws.send({ type: 'full-reload' });
    });
    return chain;
  };

  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(ACTIVITIES_DIR, (_event, file) => {
    if (file && !String(file).endsWith('.json')) return;
    clearTimeout(timer);
    timer = setTimeout(() => void reloadActivities(), WATCH_DEBOUNCE_MS);
  });

  return {
    url,
    apiPort: api.port,
    reloadActivities,
    async close() {
      clearTimeout(timer);
      watcher.close();
      await chain;
      await Promise.all([vite.close(), api.stop()]);
    },
  };
}

function parseArgs(argv: readonly string[]): PreviewOptions {
  const options: PreviewOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if ((arg === '--port' || arg === '--host') && value === undefined) {
      throw new Error(`${arg} needs a value`);
    }
    if (arg === '--port') {
      options.port = Number(value);
      if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
        throw new Error(`--port: not a port number: ${value}`);
      }
      i++;
    } else if (arg === '--host') {
      options.host = value!;
      i++;
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write(
        'npm run preview [-- --port 5173] [-- --host localhost]\n' +
          'Serves the pages with live reload and the reference API (data in server/data/preview).\n',
      );
      process.exit(0);
    } else {
      throw new Error(`unknown option ${arg} (npm run preview -- --help)`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  let options: PreviewOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const preview = await startPreview(options);
  process.stdout.write(
    `preview: ${preview.url}  (pages and server/activities reload on save; Ctrl-C stops)\n`,
  );
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void preview.close().then(() => process.exit(0));
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`preview failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
