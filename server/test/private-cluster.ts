import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../deploy/cluster';
export { freePort };

/**
 * A PostgreSQL cluster of a test's own (issue 35: a database outage is tested by stopping a
 * cluster nobody else uses, never the machine's shared one). initdb and the server refuse to run
 * as root, so when the test runs as root the cluster belongs to the `postgres` account and its
 * commands go through runuser.
 */
export interface PrivateCluster {
  url: string;
  port: number;
  /** Stops the server at once (fast shutdown: sessions are terminated, as in an outage). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
const ACCOUNT = 'postgres';

/** The newest installed server's bin folder, or null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

/** Why the cluster cannot be made here, or null when it can. */
export function privateClusterUnavailable(): string | null {
  if (!postgresBinDir()) return `no PostgreSQL server binaries under ${PG_ROOT}`;
  if (isRoot() && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) {
    return 'running as root without runuser to drop to the postgres account';
  }
  if (
    isRoot() &&
    !readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .some((l) => l.startsWith(`${ACCOUNT}:`))
  ) {
    return `running as root and there is no ${ACCOUNT} account to run the cluster as`;
  }
  return null;
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(privateClusterUnavailable() ?? 'no PostgreSQL');
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-private-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', ACCOUNT]);
    const { stdout: gid } = await run('id', ['-g', ACCOUNT]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (command: string, args: string[]) =>
    isRoot()
      ? run('runuser', ['-u', ACCOUNT, '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);

  const port = await freePort();
  // Only TCP on loopback, the socket in the cluster's own folder; no fsync: nothing here must
  // survive a crash of the machine, only a restart of the server.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '20', 'start']);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '20', 'stop']);
  };
  try {
    await as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await start();
      running = true;
    },
    stop: async () => {
      await stop();
      running = false;
    },
    destroy: async () => {
      if (running) await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
