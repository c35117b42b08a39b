import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { describeSignIn, loadSignInConfig } from './auth/oidc-config';
import { loadSessionSecret } from './auth/session-secret';
import { EnvError, misspeltEnvNames, parseEnv } from './config/env-schema';
import { makeAppConfig } from './config/app-config';
import { loadActivities } from './config/load-activities';
import { migrate } from './db/migrate';
import { openDb } from './db/open-db';
import { previewClockAllowed } from './http/preview-clock';
import { createMetrics } from './observability/metrics';
import { buildMetricsServer } from './observability/metrics-routes';

/**
 * Process entry. npm start runs it (scripts/start.mjs): from this TypeScript through tsx in
 * development, bundled as server/dist/main.js (npm run build:server) in production. Every
 * environment variable it reads is declared in config/env-schema.ts and checked before anything
 * starts (docs/server.md lists them).
 */
async function main() {
  const env = parseEnv(process.env);
  for (const warning of misspeltEnvNames(process.env)) console.warn(warning);
  // A production start with the embedded sign-in and no demo flag stops here.
  const signIn = loadSignInConfig(env);
  const databaseUrl = env.DATABASE_URL;
  const dataDir = env.DATA_DIR;
  // A fresh clone has no data folder; PGlite does not create parents.
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
  // Connections lost outside a request are logged, never fatal (issue 17); the logger exists
  // only once the app is built, so the first few go to stderr.
  let logLost = (error: Error) => console.error('database connection lost:', error.message);
  const db = await openDb({
    databaseUrl,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: env.DATABASE_POOL_SIZE,
    onConnectionError: (error) => logLost(error),
  });
  const applied = await migrate(db);
  const activities = await loadActivities(env.ACTIVITIES_DIR);
  const secret = await loadSessionSecret({
    envSecret: env.SESSION_SECRET,
    dataDir: databaseUrl ? null : dataDir,
  });
  const config = makeAppConfig(activities, {
    wechat: { appId: env.WECHAT_APP_ID, jsapiTicket: env.WECHAT_JSAPI_TICKET },
    ownOrigins: env.OWN_ORIGINS,
    sandboxCashier: env.SANDBOX_CASHIER,
    previewClock: previewClockAllowed(env),
    opsToken: env.OPS_TOKEN ?? null,
    operators: env.OPS_OPERATORS,
    metrics: { port: env.METRICS_PORT ?? null, host: env.METRICS_HOST },
    signIn,
    rateLimit: {
      capacity: env.RATE_LIMIT_CAPACITY,
      refillPerSecond: env.RATE_LIMIT_REFILL_PER_SECOND,
    },
    uploads: { storage: env.UPLOAD_STORAGE, dir: env.UPLOAD_DIR },
    trustProxy: env.TRUST_PROXY,
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
  const metrics = createMetrics({ db });
  const app = await buildApp({
    db,
    metrics,
    config,
    secret,
    staticDir: env.STATIC_DIR,
    logger: { level: env.LOG_LEVEL },
    redis,
    rateLimitNamespace: env.RATE_LIMIT_NAMESPACE,
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
  if (env.PREVIEW_CLOCK && !config.previewClock) {
    app.log.warn('PREVIEW_CLOCK=1 ignored: a production server never moves its clock');
  }
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

  const port = env.PORT;
  // Apart from the public API: a scraper reaches it, the public does not (bind it privately).
  const { port: metricsPort, host: metricsHost } = config.metrics;
  const metricsServer = metricsPort === null ? null : await buildMetricsServer(metrics);
  if (metricsServer) app.addHook('onClose', async () => metricsServer.close());
  await app.listen({ port, host: env.HOST });
  if (metricsServer && metricsPort !== null) {
    await metricsServer.listen({ port: metricsPort, host: metricsHost });
    app.log.info({ port: metricsPort, host: metricsHost }, 'metrics served');
  }
  // The home page and the flagship lucky draw, both bound to the seeded demo activity.
  console.log(
    `\n  Campaign server ready: http://localhost:${port}/mp/activity/\n` +
      `  Lucky draw:            http://localhost:${port}/mp/activity/luckDraw\n`,
  );
}

main().catch((error: unknown) => {
  // A refused configuration is the operator's to fix: its message, without a stack.
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
