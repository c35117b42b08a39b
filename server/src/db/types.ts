/**
 * The one database seam of the server: PostgreSQL through `pg` and embedded PGlite both implement
 * it, with the same SQL (README: "no ORM"). Keep it tiny so either driver stays a few lines.
 */

/** Values we pass as bind parameters; both drivers accept these (a Uint8Array binds as bytea). */
export type SqlParam =
  string | number | bigint | boolean | null | Date | readonly string[] | Uint8Array;

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows affected by INSERT/UPDATE/DELETE (or returned by SELECT). */
  rowCount: number;
}

/** How a statement sent outside a transaction may be retried (the pg driver; PGlite ignores it). */
export interface QueryOptions {
  /**
   * May the driver send the statement again after the connection was lost or the statement was
   * rolled back (deadlock, serialization failure)? Default: only a plain read (SELECT/SHOW).
   * `true` for a write whose second run has no second effect (it carries an idempotency key,
   * domain/draw.ts); `false` for a SELECT that writes (a database function without a key).
   */
  resendable?: boolean;
  /**
   * Prepare the statement once per connection under this name and reuse it (pg; PGlite ignores
   * it): a hot statement skips its parse and plan on every later call. One name, one SQL text.
   */
  name?: string;
}

export interface Queryable {
  query<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlParam[],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Connections of a driver's pool at one moment (the metrics read it when scraped). */
export interface PoolStats {
  /** Connections running a query or a transaction. */
  inUse: number;
  /** Open connections waiting for work. */
  idle: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
}

export interface Db extends Queryable {
  /**
   * Runs `fn` in one transaction: commit when it resolves, roll back when it throws, so a failed
   * call never leaves a partial write. Calling transaction() on the handle given to `fn` runs the
   * nested function in the same transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Releases connections; further calls fail. */
  close(): Promise<void>;
  /** The pool right now (metrics); absent on a handle that has no pool of its own. */
  poolStats?(): PoolStats;
  /** 'pg' or 'pglite', for logs and for the few tests that need real concurrency. */
  readonly driver: 'pg' | 'pglite';
}
