import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/db/migrate';
import { openPg } from '../src/db/pg-driver';
import type { Db } from '../src/db/types';
import { freshDb, TEST_DATABASE_URL } from './harness';

// Repeatable migrations (issue 31): server/migrations/repeatable/*.sql hold the current
// definition of database functions (the draw rule) and run again whenever they change.

let dir: string;
const write = async (name: string, sql: string) => {
  await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
  await writeFile(path.join(dir, name), sql);
};
const answer = async (db: Db) => (await db.query<{ n: number }>('SELECT rule() AS n')).rows[0]?.n;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await write('0001_table.sql', 'CREATE TABLE t (n integer NOT NULL);');
  await write('0002_row.sql', 'INSERT INTO t VALUES (1);');
  // Reads the table a versioned migration made: repeatables run after every versioned one.
  await write(
    'repeatable/rule.sql',
    'CREATE OR REPLACE FUNCTION rule() RETURNS integer LANGUAGE sql AS $$ SELECT n FROM t $$;',
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('repeatable migrations', () => {
  it('come after the versioned ones, with Infinity as their version', async () => {
    const list = await readMigrations(dir);
    expect(list.map((m) => [m.name, m.version, m.repeatable])).toEqual([
      ['0001_table.sql', 1, false],
      ['0002_row.sql', 2, false],
      ['repeatable/rule.sql', Infinity, true],
    ]);
  });

  it('apply once, again when their content changes, and never for an unchanged file', async () => {
    const { db, drop } = await freshDb(2);
    try {
      expect(await migrate(db, await readMigrations(dir))).toEqual([
        '0001_table.sql',
        '0002_row.sql',
        'repeatable/rule.sql',
      ]);
      expect(await answer(db)).toBe(1);
      expect(await migrate(db, await readMigrations(dir))).toEqual([]);

      await write(
        'repeatable/rule.sql',
        'CREATE OR REPLACE FUNCTION rule() RETURNS integer LANGUAGE sql AS $$ SELECT n + 1 FROM t $$;',
      );
      expect(await migrate(db, await readMigrations(dir))).toEqual(['repeatable/rule.sql']);
      expect(await answer(db)).toBe(2);
      const rows = await db.query<{ name: string; version: number | null }>(
        'SELECT name, version FROM schema_migrations ORDER BY name',
      );
      expect(rows.rows).toEqual([
        { name: '0001_table.sql', version: 1 },
        { name: '0002_row.sql', version: 2 },
        { name: 'repeatable/rule.sql', version: null },
      ]);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('leave no trace when they fail: the next start applies them again', async () => {
    const { db, drop } = await freshDb(2);
    try {
      await write('repeatable/rule.sql', 'SELECT no_such_function();');
      await expect(migrate(db, await readMigrations(dir))).rejects.toThrow();
      const seen = await db.query("SELECT 1 FROM schema_migrations WHERE name LIKE 'repeatable/%'");
      expect(seen.rowCount).toBe(0);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('bring a bookkeeping table of the older shape (version as primary key) along', async () => {
    const { db, drop } = await freshDb(2);
    try {
      await db.exec(`
        CREATE TABLE schema_migrations (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE t (n integer NOT NULL);
        INSERT INTO schema_migrations (version, name) VALUES (1, '0001_table.sql');
      `);
      expect(await migrate(db, await readMigrations(dir))).toEqual([
        '0002_row.sql',
        'repeatable/rule.sql',
      ]);
      expect(await answer(db)).toBe(1);
      expect(await migrate(db, await readMigrations(dir))).toEqual([]);
    } finally {
      await db.close();
      await drop();
    }
  });

  it.skipIf(!TEST_DATABASE_URL)('apply once when three processes start at once', async () => {
    const url = TEST_DATABASE_URL ?? '';
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const nodes = [1, 2, 3].map(() => openPg({ connectionString: url, schema, max: 2 }));
    try {
      const list = await readMigrations(dir);
      const applied = await Promise.all(nodes.map((db) => migrate(db, list)));
      expect(applied.flat().sort()).toEqual(list.map((m) => m.name).sort());
    } finally {
      await Promise.all(nodes.map((db) => db.close()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
