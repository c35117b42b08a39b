/**
 * Several server nodes behind HAProxy on one PostgreSQL and one Redis (issue 35): what
 * `npm run cluster` starts and what deploy/balancer.test.ts tests. Each node is started with the
 * same command a production deployment runs (nodeCommand), on a free loopback port; the balancer
 * gets its configuration from deploy/haproxy-config.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { haproxyConfig } from './haproxy-config';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** A free port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

/**
 * The command that starts one node: the production start (README "In production"), the server
 * bundle that `npm run build:server` makes, with NODE_ENV=production.
 */
export function nodeCommand(): readonly string[] {
  return [process.execPath, '--enable-source-maps', 'server/dist/main.js'];
}

/** Bundles the server as the production build does, so the nodes run today's sources. */
function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('npm run build:server failed');
}

export function haproxyAvailable(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

export interface ClusterNode {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  readonly log: string[];
}

export interface ClusterOptions {
  readonly nodes: number;
  /** The balancer's port; a free one when omitted. */
  readonly port?: number;
  /** The nodes' environment (DATABASE_URL and REDIS_URL at least). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where a node's and the balancer's output goes besides their log arrays. */
  readonly echo?: (line: string) => void;
}

export interface Cluster {
  readonly url: string;
  readonly nodes: readonly ClusterNode[];
  readonly balancerLog: string[];
  stop(): Promise<void>;
}

function capture(child: ChildProcess, log: string[], echo?: (line: string) => void): void {
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    log.push(text);
    echo?.(text);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
}

async function waitFor(url: string, what: string, log: () => string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await fetch(url)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await sleep(150);
  }
  throw new Error(`${what} did not become ready at ${url}:\n${log()}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  buildServer();
  const nodes: ClusterNode[] = [];
  const [command, ...args] = nodeCommand();
  for (let i = 1; i <= options.nodes; i++) {
    const port = await freePort();
    const child = spawn(command ?? process.execPath, args, {
      cwd: ROOT,
      env: {
        NODE_ENV: 'production',
        // The balancer runs on this host: its X-Forwarded-* headers are believed.
        TRUST_PROXY: '127.0.0.1',
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node = { name: `node${i}`, url: `http://127.0.0.1:${port}`, child, log: [] };
    capture(child, node.log, options.echo);
    nodes.push(node);
  }
  const stopNodes = async () => {
    for (const node of nodes) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => exited(node.child)));
  };
  try {
    // All start at once: migrations take turns under the database's advisory lock.
    for (const node of nodes) {
      await waitFor(`${node.url}/mp/api/health/ready`, node.name, () => node.log.join(''));
    }
  } catch (error) {
    await stopNodes();
    throw error;
  }

  const port = options.port ?? (await freePort());
  const dir = await mkdtemp(path.join(tmpdir(), 'campaign-balancer-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  await writeFile(
    cfg,
    haproxyConfig({
      bind: `127.0.0.1:${port}`,
      nodes: nodes.map((node) => ({ name: node.name, address: node.url.replace('http://', '') })),
    }),
  );
  const balancer = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  const balancerLog: string[] = [];
  capture(balancer, balancerLog, options.echo);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    balancer.kill('SIGTERM');
    await Promise.all([exited(balancer), stopNodes()]);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/mp/api/health/ready`, 'haproxy', () => balancerLog.join(''), 15_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, nodes, balancerLog, stop };
}
