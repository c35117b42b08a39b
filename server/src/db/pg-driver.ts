import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DatabaseUnavailableError, isConnectionError, isRetryableBeforeCommit } from './errors';
import type { Db, QueryOptions, QueryResult, SqlParam } from './types';

// bigint columns (ids, cents) come back as strings by default; our amounts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Dates stay 'YYYY-MM-DD' strings: a campaign day is a calendar day, not an instant.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * Connections per process when DATABASE_POOL_SIZE is unset. Measured on the 2-core machine this
 * project runs on (docs/perf.md, server section): past ~10 the draws only wait longer for CPU.
 */
export const DEFAULT_POOL_SIZE = 10;

/** Attempts of one piece of idempotent work (a read, or a transaction that committed nothing). */
const MAX_ATTEMPTS = 3;
/** Backoff before attempt n+1: 50 ms, 150 ms, plus jitter so a crowd does not retry in step. */
const backoffMs = (attempt: number) => 50 * (2 * attempt - 1) + Math.random() * 50;

export interface PgOptions {
  connectionString: string;
  /** Schema put first on the search_path of every connection (tests use one per file). */
  schema?: string;
  /** Pool size; default DEFAULT_POOL_SIZE. */
  max?: number;
  /** application_name of the connections (tests find their own backends by it). */
  applicationName?: string;
  /** Told about connections lost outside any request (an idle client killed). Never throws. */
  onConnectionError?: (error: Error) => void;
}

/** Statements that only read, so running one twice is harmless. */
const READ_ONLY = /^\s*(select|show)\b/i;

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

/** A connection failure becomes DatabaseUnavailableError (→ 503); anything else is kept. */
function classify(error: unknown, what: string): unknown {
  if (error instanceof DatabaseUnavailableError || !isConnectionError(error)) return error;
  return new DatabaseUnavailableError(`database unavailable (${what})`, error);
}

export function openPg(options: PgOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? DEFAULT_POOL_SIZE,
    // While the database is away a request waits this long for a connection, then gets 503.
    connectionTimeoutMillis: 3000,
    ...(options.applicationName === undefined ? {} : { application_name: options.applicationName }),
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  const report = (error: Error) => {
    try {
      options.onConnectionError?.(error);
    } catch {
      // A logger that throws must not take the process down either.
    }
  };
  // An idle client whose backend is terminated emits 'error' on the pool; without a listener
  // Node turns that into an uncaught exception and the process exits (issue 17). The pool has
  // already dropped the client; the next query opens a fresh connection.
  pool.on('error', report);
  // pg-pool hands a released client to the next waiting connect() synchronously, inside the
  // socket callback that read the COMMIT's answer; a termination notice in the same TCP chunk is
  // then emitted on a client that no one listens to yet, and the process exits. A permanent
  // listener on every client closes that window: the error still reaches the code using the
  // client (its next query rejects, and the transaction below retries or answers 503).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });

  /** Runs `work` up to MAX_ATTEMPTS times while `retryable(error)` says nothing happened. */
  async function withRetry<T>(
    work: () => Promise<T>,
    retryable: (error: unknown) => boolean,
    what: string,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !retryable(error)) throw classify(error, what);
        await sleep(backoffMs(attempt));
      }
    }
  }

  /**
   * pool.connect, but a refused or timed-out connection is retried (nothing was sent yet). Any
   * connection that cannot be opened is the database being unavailable to this node, answered
   * 503 (issue 35): besides a refused socket, a database dropped or not yet created (3D000), a
   * role refused (28000, 28P01), an address that does not resolve. Nothing was sent, so a client
   * may retry; none of these is a fault of the request.
   */
  const connect = () =>
    withRetry(() => pool.connect(), isConnectionError, 'connect').catch((error: unknown) => {
      if (error instanceof DatabaseUnavailableError) throw error;
      throw new DatabaseUnavailableError('database unavailable (connect)', error);
    });

  /**
   * Runs `work` on a pooled connection. While checked out the pool does not listen to the
   * client: a backend killed now would emit an unhandled 'error' and end the process, so this
   * listens; a broken connection is destroyed instead of going back to the pool.
   */
  async function onClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await connect();
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
      report(error);
    };
    client.on('error', onError);
    try {
      return await work(client);
    } catch (error) {
      if (isConnectionError(error)) broken ??= error instanceof Error ? error : new Error();
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(broken ?? false);
    }
  }

  return {
    driver: 'pg',
    async query<Row extends object>(
      sql: string,
      params: readonly SqlParam[] = [],
      options: QueryOptions = {},
    ) {
      // Connecting is retried by itself (nothing was sent yet: a crowd waiting longer than the
      // connect timeout for a pooled connection is not a reason to fail a write). The statement
      // is sent again after a lost connection only when that cannot act twice: a plain read, or
      // a write the caller marks resendable (it carries an idempotency key), which is also sent
      // again after a deadlock or serialization failure (a single statement rolled back). Any
      // other write that lost its connection may have committed: the caller sees 503.
      const resendable = options.resendable ?? READ_ONLY.test(sql);
      const policy =
        options.resendable === true
          ? isRetryableBeforeCommit
          : resendable
            ? isConnectionError
            : () => false;
      const res = await withRetry(
        () =>
          onClient((client) =>
            options.name === undefined
              ? client.query<Row>(sql, params as unknown[])
              : client.query<Row>({ name: options.name, text: sql, values: params as unknown[] }),
          ),
        // connect() gave up already (DatabaseUnavailableError): not once more per statement.
        (error) => !(error instanceof DatabaseUnavailableError) && policy(error),
        'query',
      );
      return { rows: res.rows, rowCount: res.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await withRetry(
        () => pool.query(sql),
        () => false,
        'exec',
      );
    },
    /**
     * BEGIN, fn, COMMIT on one connection. A failure before COMMIT was sent (lost connection,
     * serialization failure, deadlock) rolled everything back, so the whole function runs again,
     * up to MAX_ATTEMPTS times: `fn` must only touch the database (it may run more than once).
     * A connection lost during COMMIT leaves the outcome unknown: never retried here, it
     * surfaces as 503 and the client's retry with the same idempotency key settles it.
     */
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      let committing = false;
      const attempt = async (): Promise<T> => {
        committing = false;
        const client = await connect();
        // While checked out the pool does not listen to the client: a backend killed now would
        // emit an unhandled 'error' and end the process. The failed query rejects on its own.
        let broken: Error | undefined;
        const onError = (error: Error) => {
          broken = error;
          report(error);
        };
        client.on('error', onError);
        try {
          await client.query('BEGIN');
          const result = await fn(wrapClient(client));
          committing = true;
          await client.query('COMMIT');
          return result;
        } catch (error) {
          if (!committing && !broken) await client.query('ROLLBACK').catch(() => undefined);
          if (isConnectionError(error)) broken ??= error instanceof Error ? error : new Error();
          throw error;
        } finally {
          client.removeListener('error', onError);
          // A broken connection is destroyed instead of going back to the pool.
          client.release(broken ?? false);
        }
      };
      return withRetry(
        attempt,
        (error) => !committing && isRetryableBeforeCommit(error),
        'transaction',
      );
    },
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}
