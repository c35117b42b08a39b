/**
 * npm run cluster -- [--nodes 3] [--port 8080]: several server nodes behind HAProxy on one
 * PostgreSQL (DATABASE_URL, required: nodes cannot share the embedded database) and one Redis
 * (REDIS_URL, default redis://127.0.0.1:6379), as a deployment behind a load balancer runs
 * (docs/server.md "Several nodes"). Builds the front end first when dist/ is missing. Ctrl-C stops
 * everything.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { haproxyAvailable, ROOT, startCluster } from '../deploy/cluster';

const { values } = parseArgs({
  options: { nodes: { type: 'string', default: '3' }, port: { type: 'string', default: '8080' } },
});
const nodes = Number(values.nodes);
const port = Number(values.port);
if (!Number.isInteger(nodes) || nodes < 1 || !Number.isInteger(port) || port < 1) {
  console.error('usage: npm run cluster -- [--nodes <n ≥ 1>] [--port <port>]');
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL must name a PostgreSQL database: nodes cannot share the embedded one',
  );
  process.exit(2);
}
if (!haproxyAvailable()) {
  console.error('haproxy is not installed (Debian: apt-get install haproxy)');
  process.exit(2);
}
if (!existsSync(path.join(ROOT, 'dist/index.html'))) {
  const build = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
let secret = process.env.SESSION_SECRET;
if (!secret) {
  // Every node must sign and check sessions with one secret; this one lives as long as the cluster.
  secret = randomBytes(32).toString('hex');
  console.warn('SESSION_SECRET unset: the nodes share a random one, sessions end with the cluster');
}
const cluster = await startCluster({
  nodes,
  port,
  env: {
    ...process.env,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    SESSION_SECRET: secret,
    UPLOAD_STORAGE: process.env.UPLOAD_STORAGE ?? 'postgres',
  },
  echo: (line) => process.stdout.write(line),
});
console.log(`\n${nodes} nodes behind HAProxy: ${cluster.url}/mp/activity/`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cluster.stop().then(() => process.exit(0)));
}
