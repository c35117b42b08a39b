import type { Db, SqlParam } from '../db/types';

/** One error a page reported (spec §8 row 3: an interface exception carries url and status). */
export interface ClientErrorRecord {
  kind: string;
  message: string;
  page: string;
  url: string | null;
  status: number | null;
}

export interface ClientErrorBatch {
  release: string;
  userAgent: string;
  userId: string | null;
  records: readonly ClientErrorRecord[];
}

export interface StoredClientError extends ClientErrorRecord {
  id: string;
  receivedAt: string;
  userId: string | null;
  release: string;
  userAgent: string;
}

/** Rows kept: the table is a window on recent trouble, not an archive. */
export const CLIENT_ERRORS_KEPT = 10_000;

/** Stores a batch in one statement and drops rows older than the newest CLIENT_ERRORS_KEPT. */
export async function storeClientErrors(db: Db, batch: ClientErrorBatch): Promise<number> {
  if (batch.records.length === 0) return 0;
  const values: SqlParam[] = [];
  const rows = batch.records.map((record) => {
    const at = values.length;
    values.push(
      batch.userId,
      record.page,
      batch.release,
      batch.userAgent,
      record.kind,
      record.message,
      record.url,
      record.status,
    );
    return `(${Array.from({ length: 8 }, (_, i) => `$${at + i + 1}`).join(', ')})`;
  });
  await db.query(
    `INSERT INTO client_errors (user_id, page, release, user_agent, kind, message, url, status)
     VALUES ${rows.join(', ')}`,
    values,
  );
  await db.query(`DELETE FROM client_errors WHERE id <= (SELECT max(id) FROM client_errors) - $1`, [
    CLIENT_ERRORS_KEPT,
  ]);
  return batch.records.length;
}

/** The newest reports first. */
export async function recentClientErrors(db: Db, limit: number): Promise<StoredClientError[]> {
  const { rows } = await db.query<{
    id: string;
    received_at: Date | string;
    user_id: string | null;
    page: string;
    release: string;
    user_agent: string;
    kind: string;
    message: string;
    url: string | null;
    status: number | null;
  }>(
    `SELECT id::text, received_at, user_id::text, page, release, user_agent, kind, message, url,
            status
       FROM client_errors ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    receivedAt: new Date(row.received_at).toISOString(),
    userId: row.user_id,
    page: row.page,
    release: row.release,
    userAgent: row.user_agent,
    kind: row.kind,
    message: row.message,
    url: row.url,
    status: row.status,
  }));
}
