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
  // One connection that runs one piece of work at a time: the rest wait (for the metrics).
  let pending = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    pending++;
    try {
      return await work();
    } finally {
      pending--;
    }
  };
  return {
    driver: 'pglite',
    query: <Row extends object>(sql: string, params: readonly SqlParam[] = []) =>
      counted(async () => {
        const res = await lite.query<Row>(sql, params as unknown[]);
        return { rows: res.rows, rowCount: Math.max(res.rows.length, res.affectedRows ?? 0) };
      }),
    exec: (sql: string) => counted(async () => void (await lite.exec(sql))),
    transaction: (fn) => counted(() => lite.transaction((tx) => fn(wrapTx(tx)))),
    poolStats: () => ({
      inUse: Math.min(pending, 1),
      idle: pending === 0 ? 1 : 0,
      waiting: Math.max(pending - 1, 0),
    }),
    close: () => lite.close(),
  };
}
