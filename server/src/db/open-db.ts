import { openPg } from './pg-driver';
import { openPglite } from './pglite-driver';
import type { Db } from './types';

export interface OpenDbOptions {
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; absent = in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL pool size (env DATABASE_POOL_SIZE); default DEFAULT_POOL_SIZE. */
  poolSize?: number | undefined;
  /** Told about connections lost outside a request (PostgreSQL only). */
  onConnectionError?: (error: Error) => void;
}

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite (issue: one SQL for both). */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) {
    return openPg({
      connectionString: options.databaseUrl,
      applicationName: 'campaign-server',
      ...(options.poolSize === undefined ? {} : { max: options.poolSize }),
      ...(options.onConnectionError ? { onConnectionError: options.onConnectionError } : {}),
    });
  }
  return openPglite(options.dataDir);
}
