import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { BuildAppOptions } from '../src/app';
import { makeAppConfig } from '../src/config/app-config';
import type { AppConfig } from '../src/config/app-config';
import { loadActivities } from '../src/config/load-activities';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite-driver';
import type { Db } from '../src/db/types';
import type { AppMetrics } from '../src/observability/metrics';
import { TEST_SECRET } from './harness';

/** One JSON line of the server's log (pino), as an operator's log pipeline reads it. */
export interface LogLine {
  level: number;
  msg?: string;
  requestId?: string;
  res?: { statusCode?: number };
  err?: { message?: string };
  [key: string]: unknown;
}

export interface LoggedApp {
  app: FastifyInstance;
  db: Db;
  /** Every line the app logged so far, parsed. */
  lines: LogLine[];
  close(): Promise<void>;
}

/** pino's numeric levels. */
export const LEVEL = { info: 30, warn: 40, error: 50 } as const;

/**
 * An app on in-memory PGlite whose log lines (level info and up) are kept for the test to read:
 * what is logged, at which level, with which request id, is what these tests pin.
 */
export async function createLoggedApp(
  options: {
    config?: Partial<Omit<AppConfig, 'activities'>>;
    wrapDb?: (db: Db) => Db;
    before?: (app: FastifyInstance) => void;
    /** Builds the app's metrics from its (unwrapped) database; default: the app's own. */
    metrics?: (db: Db) => AppMetrics;
  } & Pick<BuildAppOptions, 'staticDir'> = { staticDir: null },
): Promise<LoggedApp> {
  const db = await openPglite();
  await migrate(db);
  const lines: LogLine[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  const app = await buildApp({
    db: options.wrapDb ? options.wrapDb(db) : db,
    config: makeAppConfig(await loadActivities(), options.config),
    secret: TEST_SECRET,
    staticDir: options.staticDir,
    logger: { level: 'info', stream },
    ...(options.metrics ? { metrics: options.metrics(db) } : {}),
  });
  options.before?.(app);
  await app.ready();
  return {
    app,
    db,
    lines,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
