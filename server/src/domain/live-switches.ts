import type { Db } from '../db/types';
import type { ActionName } from '../config/activity-config';
import type { LiveSwitchScope } from '../../../src/contracts/live-switches';

/**
 * The operators' live switch (issue 34 item 11, decision 0042): an activity, one action family of
 * an activity, or one node of a page turned off on a live site without a deployment.
 *
 * Storage (migration 0085): the current state, an append-only log of every change (who, when,
 * why), and one version row. A change is one statement: it bumps the version, appends the log row
 * and sets the current row, so every reader sees all three or none, and two operators' changes
 * are ordered by the version row's lock.
 *
 * Propagation: every node keeps the state in memory (a request checks it without a query) and
 * polls the version every LIVE_SWITCH_POLL_MS; when it moved, it reloads the state in one
 * statement (one snapshot: the state read belongs to the version read with it). A change reaches
 * every node within one poll plus a query, far inside the 5 s asked. The node that made the
 * change reloads at once. Polling rather than LISTEN/NOTIFY: it needs no connection held outside
 * the pool, survives a lost connection or a pooler in transaction mode without missing anything,
 * and works the same on PGlite; its cost is one indexed one-row read per node per second.
 */

/** How often a node reads the version (decision 0042: a change is seen within this plus a query). */
export const LIVE_SWITCH_POLL_MS = 1000;
/** The most changes of the log the operator route shows at once. */
export const LIVE_SWITCH_LOG_MAX = 500;

/** What a switch names: the activity code (activity, action) or the route (widget), and a target. */
export interface SwitchKey {
  scope: LiveSwitchScope;
  /** The activity code, or for a widget the route ("/luckDraw"). */
  subject: string;
  /** '' for an activity, the action name, or the node id. */
  target: string;
}

export interface SwitchRow extends SwitchKey {
  off: boolean;
  reason: string;
  changedBy: string;
  changedAt: string;
}

export interface SwitchChange extends SwitchRow {
  id: string;
  version: number;
}

/** What a node acts on: the state as of `version`. */
export interface SwitchSnapshot {
  version: number;
  /** Every switch currently off. */
  off: readonly SwitchRow[];
}

const EMPTY: SwitchSnapshot = { version: 0, off: [] };

interface DbRow {
  scope: LiveSwitchScope;
  subject: string;
  target: string;
  off: boolean;
  reason: string;
  changed_by: string;
  changed_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function rowOf(row: DbRow): SwitchRow {
  return {
    scope: row.scope,
    subject: row.subject,
    target: row.target,
    off: row.off,
    reason: row.reason,
    changedBy: row.changed_by,
    changedAt: iso(row.changed_at),
  };
}

/**
 * Records one change (off or back on) in one statement: the version, the log row and the current
 * row together. Every call is recorded, even one that leaves the state as it was: the operator
 * said so, with a reason.
 */
export async function changeSwitch(
  db: Db,
  change: SwitchKey & { off: boolean; reason: string; operator: string },
): Promise<SwitchChange> {
  const result = await db.query<DbRow & { id: string | number; version: string | number }>(
    `WITH bumped AS (
       UPDATE live_switch_version SET version = version + 1 WHERE id = 1 RETURNING version
     ), logged AS (
       INSERT INTO live_switch_changes (scope, subject, target, off, reason, changed_by, version)
       SELECT $1::text, $2::text, $3::text, $4::boolean, $5::text, $6::text, version FROM bumped
       RETURNING id, scope, subject, target, off, reason, changed_by, changed_at, version
     ), current AS (
       INSERT INTO live_switches (scope, subject, target, off, reason, changed_by, changed_at)
       SELECT scope, subject, target, off, reason, changed_by, changed_at FROM logged
       ON CONFLICT (scope, subject, target) DO UPDATE
         SET off = EXCLUDED.off, reason = EXCLUDED.reason,
             changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at
     )
     SELECT * FROM logged`,
    [change.scope, change.subject, change.target, change.off, change.reason, change.operator],
    // A second run would be a second log row: never resent by the driver.
    { resendable: false },
  );
  const row = result.rows[0];
  if (!row) throw new Error('live switch: the version row is missing (migration 0085)');
  return { ...rowOf(row), id: String(row.id), version: Number(row.version) };
}

/** The newest changes first. */
export async function switchChanges(db: Db, limit: number): Promise<SwitchChange[]> {
  const result = await db.query<DbRow & { id: string | number; version: string | number }>(
    `SELECT id, scope, subject, target, off, reason, changed_by, changed_at, version
       FROM live_switch_changes ORDER BY id DESC LIMIT $1`,
    [Math.min(Math.max(limit, 1), LIVE_SWITCH_LOG_MAX)],
  );
  return result.rows.map((row) => ({
    ...rowOf(row),
    id: String(row.id),
    version: Number(row.version),
  }));
}

/** The version in the database now. */
export async function switchVersion(db: Db): Promise<number> {
  const result = await db.query<{ version: string | number }>(
    'SELECT version FROM live_switch_version WHERE id = 1',
    [],
    { name: 'live_switch_version' },
  );
  return Number(result.rows[0]?.version ?? 0);
}

/** The state and its version, read in one statement (one snapshot of the database). */
export async function loadSwitches(db: Db): Promise<SwitchSnapshot> {
  const result = await db.query<
    { version: string | number } & { [K in keyof DbRow]: DbRow[K] | null }
  >(
    `SELECT v.version, s.scope, s.subject, s.target, s.off, s.reason, s.changed_by, s.changed_at
       FROM live_switch_version v
       LEFT JOIN live_switches s ON s.off
      WHERE v.id = 1
      ORDER BY s.scope, s.subject, s.target`,
  );
  const first = result.rows[0];
  if (!first) return EMPTY;
  const off = result.rows.flatMap((row) =>
    row.scope === null ? [] : [rowOf(row as unknown as DbRow)],
  );
  return { version: Number(first.version), off };
}

const keyOf = (scope: LiveSwitchScope, subject: string, target: string) =>
  `${scope}\u0000${subject}\u0000${target}`;

/**
 * One node's view of the switches: the last state read, refreshed by a poll. Checks are plain
 * set look-ups, so the guard of every call costs no query.
 */
export class LiveSwitchBoard {
  private snapshot: SwitchSnapshot = EMPTY;
  private keys = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly options: {
      pollMs: number;
      /** A poll that failed (the database away): logged; the last state stays in force. */
      onError: (error: unknown) => void;
    },
  ) {}

  get current(): SwitchSnapshot {
    return this.snapshot;
  }

  isActivityPaused(activityCode: string): boolean {
    return this.keys.has(keyOf('activity', activityCode, ''));
  }

  isActionOff(activityCode: string, action: ActionName): boolean {
    return this.keys.has(keyOf('action', activityCode, action));
  }

  /** Reads the version and, when it moved, the state; one read at a time. */
  refresh(): Promise<void> {
    this.running ??= this.poll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Reads the state now, whatever the version (after this node's own change). */
  async reload(): Promise<void> {
    await this.running?.catch(() => undefined);
    this.apply(await loadSwitches(this.db));
  }

  /** First read (a failure is reported, not fatal: the node starts with nothing off), then polls. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.refresh().catch((error: unknown) => this.options.onError(error));
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.refresh()
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => this.schedule());
    }, this.options.pollMs);
    // A poll never keeps a process alive on its own.
    this.timer.unref?.();
  }

  private async poll(): Promise<void> {
    const version = await switchVersion(this.db);
    if (version === this.snapshot.version) return;
    this.apply(await loadSwitches(this.db));
  }

  private apply(next: SwitchSnapshot): void {
    // Versions only grow: an older read finishing late never undoes a newer one.
    if (next.version < this.snapshot.version) return;
    this.snapshot = next;
    this.keys = new Set(next.off.map((row) => keyOf(row.scope, row.subject, row.target)));
  }
}
