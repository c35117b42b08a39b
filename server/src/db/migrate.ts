import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_DIR } from '../paths';
import type { Db } from './types';

/** server/migrations: NNNN_name.sql, applied in name order, never edited once committed. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');

const NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const out: Migration[] = [];
  for (const file of files) {
    const match = NAME.exec(file);
    if (!match?.[1]) throw new Error(`migration file name must be NNNN_name.sql: ${file}`);
    const version = Number(match[1]);
    if (out.some((m) => m.version === version)) {
      throw new Error(`two migrations share version ${version}: ${file}`);
    }
    out.push({ version, name: file, sql: await readFile(path.join(dir, file), 'utf8') });
  }
  return out;
}

/**
 * Applies every migration not yet recorded in schema_migrations, each in its own transaction
 * (its SQL and its bookkeeping row commit together). An advisory lock makes two processes
 * starting at once on one PostgreSQL database take turns instead of both applying.
 * @returns the names applied now.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const list = migrations ?? (await readMigrations());
  // Under the same lock: two processes creating the table at once on a fresh database collide
  // in PostgreSQL's catalog (duplicate pg_type row) even with IF NOT EXISTS.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727274)');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const m of list) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(727274)');
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        m.version,
      ]);
      if (seen.rowCount > 0) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
      return true;
    });
    if (done) applied.push(m.name);
  }
  return applied;
}
