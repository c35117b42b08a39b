import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/db/migrate';
import { openPg } from '../src/db/pg-driver';
import { TEST_DATABASE_URL } from './harness';

// Several nodes starting at once on a fresh database (issue 17's three-node test found it: two
// `CREATE TABLE IF NOT EXISTS schema_migrations` at once collide in PostgreSQL's catalog).
describe.skipIf(!TEST_DATABASE_URL)('migrations from several processes at once', () => {
  it('apply each migration once, with no error, when three pools start together', async () => {
    const url = TEST_DATABASE_URL ?? '';
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const nodes = [1, 2, 3].map(() => openPg({ connectionString: url, schema, max: 2 }));
    try {
      const applied = await Promise.all(nodes.map((db) => migrate(db)));
      const all = (await readMigrations()).map((m) => m.name);
      expect(applied.flat().sort()).toEqual([...all].sort());
      const rows = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.schema_migrations`);
      expect(rows.rows[0]?.n).toBe(all.length);
    } finally {
      await Promise.all(nodes.map((db) => db.close()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
