import pg from 'pg';
import type { Db, QueryResult, SqlParam } from './types';

// bigint columns (ids, cents) come back as strings by default; our amounts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Dates stay 'YYYY-MM-DD' strings: a campaign day is a calendar day, not an instant.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface PgOptions {
  connectionString: string;
  /** Schema put first on the search_path of every connection (tests use one per file). */
  schema?: string;
  max?: number;
}

function wrapClient(client: pg.PoolClient): Db {
  const db: Db = {
    driver: 'pg',
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
      const res = await client.query<Row>(sql, params as unknown[]);
      return { rows: res.rows, rowCount: res.rowCount ?? 0 } satisfies QueryResult<Row>;
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    // Nested: same connection, same transaction.
    transaction: (fn) => fn(db),
    close: () => Promise.resolve(),
  };
  return db;
}

export function openPg(options: PgOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  return {
    driver: 'pg',
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
      const res = await pool.query<Row>(sql, params as unknown[]);
      return { rows: res.rows, rowCount: res.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrapClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
