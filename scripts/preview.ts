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
 *   reported and the running server keeps the previous activities.
 * - The API server is supervised (issue 34): a start that fails or stalls, or a server that
 *   crashes, is started again after a growing wait (1 s … 30 s), for as long as the preview
 *   runs; whenever it answers, the API is served and the open pages reload. API requests that
 *   arrive meanwhile wait a few seconds, then get a 503 with Retry-After that says what the
 *   preview waits for (预览服务正在启动… and the detail in English); the environment bar shows
 *   the same (PREVIEW_STATUS_PATH).
 * - The preview tab's date reaches the server's clock for that tab's calls only (PREVIEW_CLOCK,
 *   server/src/http/preview-clock.ts).
 * - Output: one line with the address, then only what needs the operator (an invalid page or
 *   activity, a server error, a failed API start and its recovery).
 *
 * Options: --port N (default 5173, the next free one when taken), --host H (default localhost).
 * Env: PREVIEW_DATA_DIR (default server/data/preview); PREVIEW_API_STALL_MS and
 * PREVIEW_API_START_FAULTS (the recovery's test seam, see parseStartFaults).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLogger, createServer, type Logger, type Plugin, type ViteDevServer } from 'vite';
import { ACTIVITIES_DIR, loadActivities } from '../server/src/config/load-activities';
import {
  PREVIEW_STARTING_ERROR,
  PREVIEW_STARTING_MESSAGE,
  PREVIEW_STATUS_PATH,
  type PreviewApiStatus,
} from '../src/app/preview/api-status';

const root = fileURLToPath(new URL('..', import.meta.url));
const API_PREFIX = '/mp/api';
const APP_PATH = '/mp/activity/';
/**
 * How long a first start may go without answering its health check before it is started
 * again (each next start gets twice as long). Env PREVIEW_API_STALL_MS.
 */
const API_STALL_MS = 120_000;
/** The longest wait between two starts. */
const RETRY_DELAY_MAX_MS = 30_000;
/** How long an API request waits for a (re)starting API server before the preview answers 503. */
const GATE_HOLD_MS = 5_000;
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
  /** Faults put into the API's starts, one per start (tests). Env PREVIEW_API_START_FAULTS. */
  apiStartFaults?: readonly StartFault[];
  /** The first start's stall limit, ms. Env PREVIEW_API_STALL_MS; default 120 s. */
  apiStallMs?: number;
}

export interface Preview {
  /** The app's address, ending in /mp/activity/. */
  url: string;
  apiPort: number;
  /** What the API server is doing now (what the 503s and the environment bar say). */
  apiStatus(): PreviewApiStatus;
  /** True once the API answers (at once when it does now); false after `timeoutMs` or on close. */
  apiReady(timeoutMs?: number): Promise<boolean>;
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
 * A fault put on purpose into an API start (the test seam of the recovery, issue 34): `fail`
 * exits at once, `delay:N` starts the server N ms late. Env PREVIEW_API_START_FAULTS lists one
 * per start, comma-separated (`fail,delay:90000`: the first start fails, the second is 90 s
 * late, the rest are normal); an empty entry is a normal start.
 */
export type StartFault = { kind: 'fail' } | { kind: 'delay'; ms: number } | null;

export function parseStartFaults(text: string | undefined): StartFault[] {
  if (!text?.trim()) return [];
  return text.split(',').map((entry) => {
    const item = entry.trim();
    if (item === '') return null;
    if (item === 'fail') return { kind: 'fail' };
    const delay = /^delay:(\d+)$/.exec(item);
    if (delay) return { kind: 'delay', ms: Number(delay[1]) };
    throw new Error(
      `PREVIEW_API_START_FAULTS: "${item}" is not a fault (fail, delay:<ms> or empty)`,
    );
  });
}

/** The node arguments of one API start: the server, or the server behind an injected fault. */
function apiCommand(fault: StartFault): string[] {
  if (fault?.kind === 'fail') {
    return [
      '-e',
      `console.error('injected start failure (PREVIEW_API_START_FAULTS)'); process.exit(1)`,
    ];
  }
  if (fault?.kind === 'delay') {
    const main = pathToFileURL(path.join(root, 'server/src/main.ts')).href;
    return [
      '--import',
      'tsx',
      '-e',
      `setTimeout(() => import(${JSON.stringify(main)}), ${fault.ms})`,
    ];
  }
  return ['--import', 'tsx', 'server/src/main.ts'];
}

/** The wait before the next start after `failures` failed ones in a row: 1, 2, 4 … 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), RETRY_DELAY_MAX_MS);
}

/**
 * How long start number `attempt` may go without answering its health check before it is
 * killed and started again: API_STALL_MS, twice that for the next, and so on (a slow machine
 * gets there; a start that hangs does not hold the preview for ever).
 */
export function stallLimitMs(attempt: number, base = API_STALL_MS): number {
  return base * 2 ** Math.min(Math.max(0, attempt - 1), 6);
}

export type ApiState =
  | { kind: 'ready'; since: number }
  | {
      kind: 'starting';
      /** Starts tried in this run (since the last time it answered, or the last reload). */
      attempt: number;
      /** When this run of starts began. */
      since: number;
      /** Why the previous start of this run ended, or null. */
      lastError: string | null;
      /** When the next start begins, while waiting between two; null while one is under way. */
      retryAt: number | null;
    }
  | { kind: 'stopped' };

/** What the preview answers about its API (the 503's body, the bar's status line). */
export function describeApiState(
  state: ApiState,
  port: number,
  now = Date.now(),
): PreviewApiStatus {
  if (state.kind === 'ready') {
    return { ready: true, message: '', detail: 'the API server answers', retryAfterSeconds: 0 };
  }
  if (state.kind === 'stopped') {
    return {
      ready: false,
      message: PREVIEW_STARTING_MESSAGE,
      detail: 'npm run preview is stopping: start it again',
      retryAfterSeconds: 5,
    };
  }
  const waited = Math.max(0, Math.round((now - state.since) / 1000));
  const retryIn =
    state.retryAt === null ? null : Math.max(0, Math.ceil((state.retryAt - now) / 1000));
  const parts = [
    `npm run preview is waiting for its API server (server/src/main.ts on port ${port}) to answer ${API_PREFIX}/health`,
    // 0: the server that answered stopped; the next start is the first of a new run.
    state.attempt > 0 ? `start ${state.attempt}, ${waited} s so far` : `${waited} s so far`,
  ];
  if (state.lastError) parts.push(`the last start: ${state.lastError.split('\n')[0]}`);
  if (retryIn !== null) parts.push(`next start in ${retryIn} s`);
  return {
    ready: false,
    message: PREVIEW_STARTING_MESSAGE,
    detail: `${parts.join('; ')}. It keeps trying by itself; the page reloads when the API answers.`,
    retryAfterSeconds: Math.max(1, Math.min(retryIn ?? 2, 30)),
  };
}

type StartOutcome = 'restart' | 'closed' | { error: string; wasReady: boolean };

/**
 * The reference server as a child process on a fixed port, supervised: a start that fails,
 * stalls or a server that crashes is started again after a growing wait, for as long as the
 * preview runs, and whenever it answers its health check the API is served (issue 34: a fixed
 * start limit used to leave the preview answering 503 until the next save).
 */
class ApiServer {
  state: ApiState = {
    kind: 'starting',
    attempt: 1,
    since: Date.now(),
    lastError: null,
    retryAt: null,
  };
  private child: ChildProcess | null = null;
  private readonly intentional = new WeakSet<ChildProcess>();
  private readonly listeners = new Set<() => void>();
  private started = 0;
  private closed = false;
  private restartRequested = false;
  private wake: (() => void) | null = null;
  private running: Promise<void> | null = null;

  constructor(
    readonly port: number,
    private readonly dataDir: string,
    private readonly log: (line: string) => void,
    private readonly faults: readonly StartFault[] = [],
    private readonly stallMs = API_STALL_MS,
  ) {}

  start(): void {
    this.running ??= this.supervise();
  }

  status(now = Date.now()): PreviewApiStatus {
    return describeApiState(this.state, this.port, now);
  }

  /** Calls `listener` on every change of state; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True once the API answers (at once when it does now); false after `timeoutMs` or on close. */
  whenReady(timeoutMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    if (this.state.kind === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const off = this.onChange(() => {
        if (this.state.kind === 'starting') return;
        off();
        clearTimeout(timer);
        resolve(this.state.kind === 'ready');
      });
      if (Number.isFinite(timeoutMs)) {
        timer = setTimeout(() => {
          off();
          resolve(false);
        }, timeoutMs);
      }
    });
  }

  private setState(state: ApiState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }

  private async supervise(): Promise<void> {
    let attempt = 0;
    let failures = 0;
    let lastError: string | null = null;
    let since = Date.now();
    while (!this.closed) {
      if (this.restartRequested) {
        this.restartRequested = false;
        attempt = 0;
        failures = 0;
        lastError = null;
        since = Date.now();
      }
      attempt++;
      this.setState({ kind: 'starting', attempt, since, lastError, retryAt: null });
      const outcome = await this.runOnce(attempt);
      if (outcome === 'closed') break;
      if (outcome === 'restart') continue;
      if (outcome.wasReady) {
        // Crashed after answering: a new run of starts.
        attempt = 0;
        failures = 0;
        since = Date.now();
      }
      failures++;
      lastError = outcome.error;
      const delay = retryDelayMs(failures);
      this.log(`${outcome.error}\napi: starting it again in ${Math.round(delay / 1000)} s`);
      this.setState({ kind: 'starting', attempt, since, lastError, retryAt: Date.now() + delay });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    this.setState({ kind: 'stopped' });
  }

  /** One start: until the process ends (after answering or not), or is stopped on purpose. */
  private runOnce(attempt: number): Promise<StartOutcome> {
    // An operator's DATABASE_URL (a shared PostgreSQL) is not the preview's: always the
    // embedded database in the preview folder.
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const fault = this.faults[this.started++] ?? null;
    const child = spawn(process.execPath, apiCommand(fault), {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        // The preview is development: its date moves the server's clock (PREVIEW_CLOCK), which
        // a production server refuses to do.
        NODE_ENV: 'development',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        // Pages come from Vite; a folder that does not exist makes the server API-only.
        STATIC_DIR: path.join(this.dataDir, 'no-static'),
        LOG_LEVEL: 'warn',
        // The fake bridge's cashier completes video VIP orders (server/src/routes/video-vip.ts).
        SANDBOX_CASHIER: '1',
        // The preview tab's date reaches the server (server/src/http/preview-clock.ts).
        PREVIEW_CLOCK: '1',
      },
    });
    this.child = child;
    // Whatever ends this process (an uncaught error included), the API server goes with it: an
    // orphan would keep the port and the database folder.
    const orphanGuard = () => child.kill('SIGKILL');
    process.once('exit', orphanGuard);
    const stderr: string[] = [];
    forwardLines(child.stdout!, (line) => {
      const shown = apiLogLine(line);
      if (shown) this.log(shown);
    });
    forwardLines(child.stderr!, (line) => {
      if (line.trim()) stderr.push(line);
    });
    const limit = stallLimitMs(attempt, this.stallMs);
    return new Promise((resolve) => {
      let ready = false;
      let stalled = false;
      const stall = setTimeout(() => {
        stalled = true;
        child.kill('SIGKILL');
      }, limit);
      child.once('exit', (code, signal) => {
        clearTimeout(stall);
        process.off('exit', orphanGuard);
        if (this.child === child) this.child = null;
        if (this.intentional.has(child)) {
          resolve(this.closed ? 'closed' : 'restart');
          return;
        }
        const tail = stderr.length ? `:\n${stderr.slice(-15).join('\n')}` : '';
        resolve({
          error: stalled
            ? `the API server did not answer within ${limit / 1000} s (start ${attempt})`
            : `the API server stopped (${signal ?? `exit ${code}`})${tail}`,
          wasReady: ready,
        });
      });
      void this.waitHealthy(child).then((healthy) => {
        if (!healthy || this.child !== child) return;
        clearTimeout(stall);
        ready = true;
        const previous = this.state;
        if (previous.kind === 'starting' && previous.lastError) {
          const waited = Math.round((Date.now() - previous.since) / 1000);
          this.log(`api: the API server answers again (start ${attempt}, after ${waited} s)`);
        }
        this.setState({ kind: 'ready', since: Date.now() });
      });
    });
  }

  /** Polls the health check for as long as `child` runs: true when it answers. */
  private async waitHealthy(child: ChildProcess): Promise<boolean> {
    const alive = () => child.exitCode === null && child.signalCode === null;
    while (alive()) {
      try {
        const response = await fetch(`http://127.0.0.1:${this.port}${API_PREFIX}/health`);
        if (response.ok && alive()) return true;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return false;
  }

  /** SIGTERM (the server drains and closes its database), SIGKILL after 10 s. */
  private async stopChild(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.intentional.add(child);
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(force);
  }

  /**
   * Stops the running server and starts a new one at once (a new run of starts): resolves when
   * the old one is gone (one process at a time: the embedded database has one owner).
   */
  async restart(): Promise<void> {
    this.restartRequested = true;
    // From now on requests wait for the new server instead of reaching the one going away.
    this.setState({
      kind: 'starting',
      attempt: 1,
      since: Date.now(),
      lastError: null,
      retryAt: null,
    });
    if (this.child) await this.stopChild();
    else this.wake?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.stopChild();
    await this.running;
  }
}

/**
 * API requests wait while the API server (re)starts, up to GATE_HOLD_MS; then the preview
 * answers for it: 503 with Retry-After and what it waits for, in the API's envelope (the page's
 * mutations retry a 503). PREVIEW_STATUS_PATH tells the environment bar the same.
 */
function apiGatePlugin(api: ApiServer): Plugin {
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(JSON.stringify(body));
  };
  return {
    name: 'preview-api-gate',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] === PREVIEW_STATUS_PATH) return json(res, 200, api.status());
        if (!req.url?.startsWith(API_PREFIX)) return next();
        if (api.state.kind === 'ready') return next();
        void api.whenReady(GATE_HOLD_MS).then((ready) => {
          if (ready) return next();
          const status = api.status();
          res.setHeader('retry-after', String(status.retryAfterSeconds));
          json(res, 503, {
            code: 503,
            result: null,
            error: PREVIEW_STARTING_ERROR,
            msg: status.message,
            detail: status.detail,
          });
        });
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
  const stallEnv = process.env.PREVIEW_API_STALL_MS;
  const api = new ApiServer(
    await freePort(),
    dataDir,
    log,
    options.apiStartFaults ?? parseStartFaults(process.env.PREVIEW_API_START_FAULTS),
    options.apiStallMs ?? (stallEnv ? Number(stallEnv) : API_STALL_MS),
  );
  // Vite starts meanwhile; requests wait for the API through the gate.
  api.start();

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

  let chain = Promise.resolve();
  let reloads = 0;
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
      const reload = ++reloads;
      await api.restart();
      // The pages reload when it answers (below); a later save supersedes this one's line.
      void api.whenReady().then((ready) => {
        if (ready && reload === reloads) log(`activities reloaded (${count})`);
      });
    });
    return chain;
  };
  // Whenever the API answers after a (re)start, the open pages start again on it.
  api.onChange(() => {
    if (api.state.kind === 'ready') vite.ws.send({ type: 'full-reload' });
  });

  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(ACTIVITIES_DIR, (_event, file) => {
    if (file && !String(file).endsWith('.json')) return;
    clearTimeout(timer);
    timer = setTimeout(() => void reloadActivities(), WATCH_DEBOUNCE_MS);
  });

  return {
    url,
    apiPort: api.port,
    apiStatus: () => api.status(),
    apiReady: (timeoutMs) => api.whenReady(timeoutMs),
    reloadActivities,
    async close() {
      clearTimeout(timer);
      watcher.close();
      await chain;
      await Promise.all([vite.close(), api.close()]);
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
