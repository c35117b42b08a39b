import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { describeSignIn, loadSignInConfig } from './auth/oidc-config';
import { loadSessionSecret } from './auth/session-secret';
import { DEFAULT_RATE_LIMIT, makeAppConfig } from './config/app-config';
import { loadActivities } from './config/load-activities';
import { migrate } from './db/migrate';
import { openDb } from './db/open-db';

/**
 * Process entry (npm start runs scripts/start.mjs, which builds the front end when needed and
 * then runs this). Env: PORT (8080), HOST (0.0.0.0), DATABASE_URL (else embedded PGlite in
 * DATA_DIR, default server/data/pglite), SESSION_SECRET, STATIC_DIR (dist/), WECHAT_APP_ID,
 * WECHAT_JSAPI_TICKET, OWN_ORIGINS (comma-separated), LOG_LEVEL, DATABASE_POOL_SIZE, REDIS_URL
 * (shared rate limits), RATE_LIMIT_NAMESPACE (their Redis key prefix), RATE_LIMIT_CAPACITY and
 * RATE_LIMIT_REFILL_PER_SECOND, ACTIVITIES_DIR, OPS_TOKEN (operators' pages such as
 * /ops/client-errors; unset, they do not exist), SANDBOX_CASHIER (1: video VIP orders are
 * completed by the sandbox cashier, for previews and end-to-end tests only).
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const env = process.env;

/** A positive integer from the environment, undefined when unset; a bad value stops the start. */
function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
}

function positiveNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}

async function main() {
  // First: a production start with the embedded sign-in and no demo flag stops here.
  const signIn = loadSignInConfig(env);
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'server/data'));
  // A fresh clone has no data folder; PGlite does not create parents.
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
  // Connections lost outside a request are logged, never fatal (issue 17); the logger exists
  // only once the app is built, so the first few go to stderr.
  let logLost = (error: Error) => console.error('database connection lost:', error.message);
  const db = await openDb({
    databaseUrl,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: positiveInt(env.DATABASE_POOL_SIZE, 'DATABASE_POOL_SIZE'),
    onConnectionError: (error) => logLost(error),
  });
  const applied = await migrate(db);
  const activities = await loadActivities(env.ACTIVITIES_DIR || undefined);
  const secret = await loadSessionSecret({
    envSecret: env.SESSION_SECRET,
    dataDir: databaseUrl ? null : dataDir,
  });
  const config = makeAppConfig(activities, {
    wechat: {
      appId: env.WECHAT_APP_ID ?? 'wx-demo-app-id',
      jsapiTicket: env.WECHAT_JSAPI_TICKET ?? 'demo-jsapi-ticket',
    },
    ownOrigins: (env.OWN_ORIGINS ?? '').split(',').filter((o) => o !== ''),
    sandboxCashier: env.SANDBOX_CASHIER === '1',
    opsToken: env.OPS_TOKEN || null,
    signIn,
    rateLimit: {
      capacity:
        positiveInt(env.RATE_LIMIT_CAPACITY, 'RATE_LIMIT_CAPACITY') ?? DEFAULT_RATE_LIMIT.capacity,
      refillPerSecond:
        positiveNumber(env.RATE_LIMIT_REFILL_PER_SECOND, 'RATE_LIMIT_REFILL_PER_SECOND') ??
        DEFAULT_RATE_LIMIT.refillPerSecond,
    },
  });
  // Several nodes share their rate limits through Redis (issue 17); one node keeps them in memory.
  let logRedis = (error: Error) => console.error('redis:', error.message);
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : null;
  if (redis) {
    // ioredis reconnects by itself; an error is logged, never fatal (limits fail open meanwhile).
    redis.on('error', (error: Error) => logRedis(error));
    await redis.connect();
  }
  const app = await buildApp({
    db,
    config,
    secret,
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(repoRoot, 'dist')),
    logger: { level: env.LOG_LEVEL ?? 'info' },
    redis,
    ...(env.RATE_LIMIT_NAMESPACE ? { rateLimitNamespace: env.RATE_LIMIT_NAMESPACE } : {}),
  });
  logRedis = (error) => app.log.warn({ err: error }, 'redis error');
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  logLost = (error) => app.log.warn({ err: error }, 'database connection lost');
  // Close the database only after Fastify has drained in-flight requests.
  app.addHook('onClose', async () => db.close());
  app.log.info(
    {
      applied,
      driver: db.driver,
      rateLimits: redis ? 'redis' : 'memory',
      activities: [...activities.keys()],
    },
    'ready',
  );
  const signInLine = describeSignIn(signIn);
  if (signIn.provider === 'embedded' && signIn.production) app.log.warn(signInLine);
  else app.log.info(signInLine);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const port = Number(env.PORT ?? 8080);
  await app.listen({ port, host: env.HOST ?? '0.0.0.0' });
  // The home page and the flagship lucky draw, both bound to the seeded demo activity.
  console.log(
    `\n  Campaign server ready: http://localhost:${port}/mp/activity/\n` +
      `  Lucky draw:            http://localhost:${port}/mp/activity/luckDraw\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
