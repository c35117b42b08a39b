import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActivities } from '../src/config/load-activities';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import type { Db } from '../src/db/types';
import { drawRequest } from '../src/domain/draw';
import { DRAW_REFUSALS, drawRefusalOf } from '../src/domain/draw-refusals';
import { freshDb } from './harness';

// The draw rule's SQL (one repeatable file, issue 31) and the TypeScript that calls it agree:
// the same refusals by name and SQLSTATE, and the same fields of the one argument.
const DRAW_SQL_FILE = path.join(MIGRATIONS_DIR, 'repeatable/draw_once.sql');

describe('draw_once and domain/draw.ts agree', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let sql: string;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(2));
    await migrate(db);
    sql = await readFile(DRAW_SQL_FILE, 'utf8');
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('lists the same refusals, by name and SQLSTATE, in the table and in DRAW_REFUSALS', async () => {
    const rows = await db.query<{ refusal: string; sqlstate: string }>(
      'SELECT refusal, sqlstate FROM draw_refusals ORDER BY refusal',
    );
    const ts = Object.entries(DRAW_REFUSALS)
      .map(([refusal, { sqlstate }]) => ({ refusal, sqlstate }))
      .sort((a, b) => (a.refusal < b.refusal ? -1 : 1));
    expect(rows.rows).toEqual(ts);
  });

  it('raises every refusal of the table somewhere in the rule, and none outside it', () => {
    const raised = new Set(
      [...sql.matchAll(/draw_refuse\('(\w+)'\)|v_refusal := '(\w+)'/g)].map((m) => m[1] ?? m[2]),
    );
    expect([...raised].sort()).toEqual(Object.keys(DRAW_REFUSALS).sort());
  });

  it('maps what draw_refuse raises back to the refusal of that name', async () => {
    for (const name of Object.keys(DRAW_REFUSALS)) {
      const error = await db.query('SELECT draw_refuse($1)', [name]).then(
        () => new Error(`draw_refuse('${name}') did not raise`),
        (e: unknown) => e,
      );
      expect(drawRefusalOf(error)).toBe(name);
    }
  });

  it('reads every field of DrawRequest, and only those', async () => {
    const activity = (await loadActivities()).get('demo-luckdraw');
    if (!activity) throw new Error('demo activity missing');
    const request = drawRequest(activity, '1', {
      payment: { kind: 'chance' },
      source: 'test',
      now: new Date('2025-06-10T10:00:00+08:00'),
    });
    const read = new Set([...sql.matchAll(/p_draw->>?'(\w+)'/g)].map((m) => m[1]));
    expect([...read].sort()).toEqual(Object.keys(request).sort());
  });
});
