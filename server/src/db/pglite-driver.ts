import { PGlite, types } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type { Db, SqlParam } from './types';

// Same value shapes as the pg driver (pg-driver.ts): int8 as number, date as 'YYYY-MM-DD'.
const parsers = {
  [types.INT8]: (value: string) => Number(value),
  [types.DATE]: (value: string) => value,
};

function wrapTx(tx: Transaction): Db {
  const db: Db = {
    driver: 'pglite',
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
      const res = await tx.query<Row>(sql, params as unknown[]);
      return { rows: res.rows, rowCount: Math.max(res.rows.length, res.affectedRows ?? 0) };
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
    transaction: (fn) => fn(db),
    close: () => Promise.resolve(),
  };
  return db;
}

/**
 * Embedded PostgreSQL. PGlite has one connection and serialises transactions itself (a query
 * outside a transaction waits for the running one), so the isolation we rely on holds.
 * @param dataDir folder for the files; undefined keeps everything in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  const lite = new PGlite(dataDir, { parsers });
  await lite.waitReady;
  return {
    driver: 'pglite',
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
      const res = await lite.query<Row>(sql, params as unknown[]);
      return { rows: res.rows, rowCount: Math.max(res.rows.length, res.affectedRows ?? 0) };
    },
    async exec(sql: string) {
      await lite.exec(sql);
    },
    transaction: (fn) => lite.transaction((tx) => fn(wrapTx(tx))),
    close: () => lite.close(),
  };
}
