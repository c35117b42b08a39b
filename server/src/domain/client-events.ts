import type { Db, SqlParam } from '../db/types';

/** One counted event a page sent (src/services/browser/event-beacon.ts). */
export interface ClientEventRecord {
  event: string;
  outcome: string;
  channel: string;
  activity: string;
}

export interface ClientEventCount extends ClientEventRecord {
  count: number;
}

const keyOf = (r: ClientEventRecord) => JSON.stringify([r.activity, r.channel, r.event, r.outcome]);

/**
 * Adds a batch to today's counters (the database's date, so every node agrees) in one statement.
 * The batch is summed first: one INSERT … ON CONFLICT may not touch a row twice. Concurrent
 * batches on the same counter serialize on its row, so no count is lost (server/test
 * client-events.test.ts checks it on PostgreSQL).
 */
export async function countClientEvents(
  db: Db,
  records: readonly ClientEventRecord[],
): Promise<number> {
  const sums = new Map<string, ClientEventCount>();
  for (const record of records) {
    const key = keyOf(record);
    const seen = sums.get(key);
    if (seen) seen.count += 1;
    else sums.set(key, { ...record, count: 1 });
  }
  if (sums.size === 0) return 0;
  const values: SqlParam[] = [];
  const rows = [...sums.values()].map((c) => {
    const at = values.length;
    values.push(c.activity, c.channel, c.event, c.outcome, c.count);
    return `(current_date, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}::bigint)`;
  });
  await db.query(
    `INSERT INTO client_event_counts AS c (day, activity, channel, event, outcome, count)
     VALUES ${rows.join(', ')}
     ON CONFLICT (day, activity, channel, event, outcome)
     DO UPDATE SET count = c.count + EXCLUDED.count`,
    values,
  );
  return records.length;
}

export interface ClientEventQuery {
  /** Only this activity's counts; all activities when absent. */
  activity?: string;
  /** Days back from today, today included. */
  days: number;
}

/** Totals over the last `days` days per activity, channel, event and outcome, largest first. */
export async function clientEventTotals(
  db: Db,
  query: ClientEventQuery,
): Promise<ClientEventCount[]> {
  const { rows } = await db.query<{
    activity: string;
    channel: string;
    event: string;
    outcome: string;
    count: string | number;
  }>(
    `SELECT activity, channel, event, outcome, sum(count) AS count
       FROM client_event_counts
      WHERE day > current_date - $1::int AND ($2::text IS NULL OR activity = $2)
      GROUP BY activity, channel, event, outcome
      ORDER BY sum(count) DESC, activity, channel, event, outcome`,
    [query.days, query.activity ?? null],
  );
  return rows.map((r) => ({
    activity: r.activity,
    channel: r.channel,
    event: r.event,
    outcome: r.outcome,
    count: Number(r.count),
  }));
}
