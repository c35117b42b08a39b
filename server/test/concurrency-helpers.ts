import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ActivityConfig, PrizeConfig } from '../src/config/activity-config';
import type { Db } from '../src/db/types';

export const CODE = 'demo-luckdraw';

/**
 * Writes the demo activity into `dir` for a server process (ACTIVITIES_DIR) with no free chances
 * and two prizes: the band, `stock` of them, and thanks. `thanksWeight` 0: every draw picks the
 * band (the stock's fallback is thanks); above 0: the band is all but certain while it lasts.
 */
export async function writeStockedDemoActivity(dir: string, stock: number, thanksWeight = 0) {
  const source = fileURLToPath(new URL(`../activities/${CODE}.json`, import.meta.url));
  const demo = JSON.parse(await readFile(source, 'utf8')) as Record<string, unknown> & {
    prizes: Record<string, unknown>[];
  };
  demo.chances = { dailyFree: 0, maxBalance: 99, costPerDraw: 1 };
  demo.prizes = demo.prizes
    .filter((p) => p.prizeId === 'p-band' || p.prizeId === 'p-thanks')
    .map((p) =>
      p.prizeId === 'p-band'
        ? { ...p, stock, weight: thanksWeight === 0 ? 1 : 1_000_000, perUserLimit: undefined }
        : { ...p, weight: thanksWeight },
    );
  await writeFile(path.join(dir, `${CODE}.json`), JSON.stringify(demo));
}

/** A promise with its resolve, to hold a transaction open at a chosen point. */
export function deferred<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The demo activity with one stocked prize (always chosen) and the unlimited fallback. */
export function oneStockedPrize(stock: number, extra: Partial<ActivityConfig> = {}) {
  return (m: Map<string, ActivityConfig>) => {
    const a = m.get(CODE);
    if (!a) throw new Error('demo activity missing');
    const gold: PrizeConfig = {
      prizeId: 'p-gold',
      name: 'Gold bar',
      image: '/gold.png',
      type: 'physical',
      stock,
      weight: 1,
      goldRiceCents: 0,
      chances: 0,
    };
    const thanks: PrizeConfig = {
      prizeId: 'p-thanks',
      name: 'Thanks',
      image: '',
      type: 'thanks',
      stock: null,
      weight: 0,
      goldRiceCents: 0,
      chances: 0,
    };
    m.set(CODE, { ...a, prizes: [gold, thanks], ...extra });
  };
}

/**
 * Resolves once some connection of this test's schema waits for a lock (PostgreSQL only): a
 * backend with an ungranted lock that also holds a lock on one of our schema's tables.
 */
export async function waitForLockWait(db: Db, timeoutMs = 5000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await db.query<{ n: number }>(
      `SELECT COUNT(DISTINCT w.pid)::int AS n FROM pg_locks w
       WHERE NOT w.granted AND w.pid IN (
         SELECT l.pid FROM pg_locks l
         JOIN pg_class c ON c.oid = l.relation
         JOIN pg_namespace s ON s.oid = c.relnamespace
         WHERE s.nspname = current_schema())`,
    );
    if ((res.rows[0]?.n ?? 0) > 0) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

export async function setChances(db: Db, userId: string, balance: number) {
  await db.query(
    `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = $3`,
    [userId, CODE, balance],
  );
}
