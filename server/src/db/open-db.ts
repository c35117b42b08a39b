import { openPg } from './pg-driver';
import { openPglite } from './pglite-driver';
import type { Db } from './types';

export interface OpenDbOptions {
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; absent = in memory. */
  dataDir?: string | undefined;
}

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite (issue: one SQL for both). */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPg({ connectionString: options.databaseUrl });
  return openPglite(options.dataDir);
}
