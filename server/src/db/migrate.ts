import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_DIR } from '../paths';
import type { Db } from './types';

/**
 * server/migrations: NNNN_name.sql, applied in name order, never edited once committed; and
 * server/migrations/repeatable/name.sql, the current definition of database functions (the draw
 * rule), applied after the versioned ones whenever its content changes.
 */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');

const REPEATABLE_FOLDER = 'repeatable';
const VERSIONED_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;
const REPEATABLE_NAME = /^[a-z0-9_]+\.sql$/;

export interface Migration {
  /**
   * NNNN of a versioned file. A repeatable file has Infinity: it comes after every versioned one
   * (so `version < N` selects the history up to N, without the current definitions).
   */
  version: number;
  /** The file's path under the migrations folder: `0081_x.sql`, `repeatable/draw_once.sql`. */
  name: string;
  sql: string;
  /** Re-applied whenever its content changes, instead of once. */
  repeatable: boolean;
  /** sha256 of the SQL: how a repeatable file's change is noticed. */
  checksum: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function sqlFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Versioned migrations in version order, then repeatable ones in name order. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const out: Migration[] = [];
  for (const file of await sqlFiles(dir)) {
    const match = VERSIONED_NAME.exec(file);
    if (!match?.[1]) throw new Error(`migration file name must be NNNN_name.sql: ${file}`);
    const version = Number(match[1]);
    if (out.some((m) => m.version === version)) {
      throw new Error(`two migrations share version ${version}: ${file}`);
    }
    const sql = await readFile(path.join(dir, file), 'utf8');
    out.push({ version, name: file, sql, repeatable: false, checksum: sha256(sql) });
  }
  const repeatableDir = path.join(dir, REPEATABLE_FOLDER);
  for (const file of await sqlFiles(repeatableDir)) {
    if (!REPEATABLE_NAME.test(file)) {
      throw new Error(`repeatable migration file name must be name.sql: ${file}`);
    }
    const sql = await readFile(path.join(repeatableDir, file), 'utf8');
    const name = `${REPEATABLE_FOLDER}/${file}`;
    out.push({ version: Infinity, name, sql, repeatable: true, checksum: sha256(sql) });
  }
  return out;
}

/** Serialises every migrating process on one database (transaction-scoped advisory lock). */
const LOCK = 'SELECT pg_advisory_xact_lock(727274)';

/**
 * The bookkeeping table: one row per versioned migration (by version) and per repeatable one
 * (version NULL, with the checksum it was last applied with). Tables made before repeatable
 * migrations existed (version as primary key, no checksum) are brought to this shape.
 */
async function prepareTable(db: Db): Promise<void> {
  // Under the lock: two processes creating the table at once on a fresh database collide in
  // PostgreSQL's catalog (duplicate pg_type row) even with IF NOT EXISTS.
  await db.transaction(async (tx) => {
    await tx.query(LOCK);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer UNIQUE,
      name text PRIMARY KEY,
      checksum text,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const shaped = await tx.query(
      `SELECT 1 FROM pg_attribute
       WHERE attrelid = 'schema_migrations'::regclass AND attname = 'checksum' AND NOT attisdropped`,
    );
    if (shaped.rowCount > 0) return;
    await tx.exec(`
      ALTER TABLE schema_migrations DROP CONSTRAINT schema_migrations_pkey;
      ALTER TABLE schema_migrations ALTER COLUMN version DROP NOT NULL;
      ALTER TABLE schema_migrations ADD UNIQUE (version);
      ALTER TABLE schema_migrations ADD PRIMARY KEY (name);
      ALTER TABLE schema_migrations ADD COLUMN checksum text;
    `);
  });
}

/** Applies a versioned migration unless its version is recorded. */
async function applyVersioned(db: Db, m: Migration): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(LOCK);
    const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
    if (seen.rowCount > 0) return false;
    await tx.exec(m.sql);
    await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
      m.version,
      m.name,
    ]);
    return true;
  });
}

/** Applies a repeatable migration unless it was last applied with this very content. */
async function applyRepeatable(db: Db, m: Migration): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(LOCK);
    const seen = await tx.query<{ checksum: string | null }>(
      'SELECT checksum FROM schema_migrations WHERE name = $1',
      [m.name],
    );
    if (seen.rows[0]?.checksum === m.checksum) return false;
    await tx.exec(m.sql);
    await tx.query(
      `INSERT INTO schema_migrations (version, name, checksum) VALUES (NULL, $1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      [m.name, m.checksum],
    );
    return true;
  });
}

/**
 * Applies every versioned migration not yet recorded in schema_migrations, then every repeatable
 * one whose checksum differs from the recorded one; each in its own transaction (its SQL and its
 * bookkeeping row commit together). An advisory lock makes processes starting at once on one
 * PostgreSQL database take turns instead of both applying.
 * @returns the names applied now.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const list = migrations ?? (await readMigrations());
  await prepareTable(db);
  const applied: string[] = [];
  for (const m of list.filter((item) => !item.repeatable)) {
    if (await applyVersioned(db, m)) applied.push(m.name);
  }
  for (const m of list.filter((item) => item.repeatable)) {
    if (await applyRepeatable(db, m)) applied.push(m.name);
  }
  return applied;
}
