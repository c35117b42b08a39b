import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityConfig } from '../src/config/activity-config';
import { claimCoupon } from '../src/domain/coupons';
import { draw, drawOnce } from '../src/domain/draw';
import type { DrawOutcome } from '../src/domain/draw';
import { spendGoldRice } from '../src/domain/gold-rice';
import { idempotent } from '../src/domain/idempotency';
import {
  CODE,
  deferred,
  oneStockedPrize,
  setChances,
  waitForLockWait,
} from './concurrency-helpers';
import { createTestApp, login, TEST_DATABASE_URL, userIdOf } from './harness';
import type { TestApp } from './harness';

/**
 * Forced interleavings, not load: the first transaction takes a row and is held open before
 * COMMIT; the second starts, is seen waiting on the lock, then the first commits and the
 * second must act on the committed value.
 */
describe.skipIf(!TEST_DATABASE_URL)(
  'forced interleavings (PostgreSQL only; set TEST_DATABASE_URL to run)',
  () => {
    let t: TestApp;
    let activity: ActivityConfig;
    const now = new Date('2025-06-10T10:00:00+08:00');
    const user = async (phone: string, chances: number) => {
      const id = userIdOf(await login(t.app, phone));
      await setChances(t.db, id, chances);
      return id;
    };
    const drawFor = (userId: string) => (tx: Parameters<typeof drawOnce>[0]) =>
      drawOnce(tx, activity, userId, { payment: { kind: 'chance' }, source: 'test', now });

    beforeAll(async () => {
      t = await createTestApp({
        poolSize: 10,
        editActivities: oneStockedPrize(1, {
          chances: { dailyFree: 0, maxBalance: 99, costPerDraw: 1 },
        }),
      });
      const a = t.config.activities.get(CODE);
      if (!a) throw new Error('demo activity missing');
      activity = a;
    });
    afterAll(() => t.close());

    it('the second draw waits for the stock row and sees the decremented stock', async () => {
      const [a, b] = [await user('13300000001', 1), await user('13300000002', 1)];
      const taken = deferred<DrawOutcome>();
      const release = deferred();
      const first = t.db.transaction(async (tx) => {
        const r = await drawFor(a)(tx);
        taken.resolve(r);
        await release.promise; // hold the stock row, uncommitted
        return r;
      });
      expect((await taken.promise).prizeId).toBe('p-gold');
      let secondDone = false;
      const second = t.db.transaction(drawFor(b)).finally(() => {
        secondDone = true;
      });
      expect(await waitForLockWait(t.db)).toBe(true);
      expect(secondDone).toBe(false);
      release.resolve();
      await first;
      const r2 = await second;
      expect(r2).toMatchObject({ prizeId: 'p-thanks', fallback: true });
      const stock = await t.db.query(
        `SELECT stock, awarded FROM prize_stock WHERE prize_id = 'p-gold'`,
      );
      expect(stock.rows[0]).toEqual({ stock: 0, awarded: 1 });
    });

    it('draws of an unlimited prize share no row: a held draw does not hold up the next (issue 17)', async () => {
      // Only the unlimited "thanks" prize can be chosen.
      const thanksOnly: ActivityConfig = {
        ...activity,
        prizes: activity.prizes.map((p) => ({ ...p, weight: p.stock === null ? 1 : 0 })),
      };
      const drawThanks = (userId: string) => (tx: Parameters<typeof drawOnce>[0]) =>
        drawOnce(tx, thanksOnly, userId, { payment: { kind: 'chance' }, source: 'test', now });
      const [a, b] = [await user('13300000011', 1), await user('13300000012', 1)];
      const drawn = deferred<DrawOutcome>();
      const release = deferred();
      const first = t.db.transaction(async (tx) => {
        const r = await drawThanks(a)(tx);
        drawn.resolve(r);
        await release.promise; // held open, uncommitted
        return r;
      });
      expect((await drawn.promise).prizeId).toBe('p-thanks');
      const blocked = new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 3000));
      const second = await Promise.race([t.db.transaction(drawThanks(b)), blocked]);
      release.resolve();
      await first;
      expect(second).toMatchObject({ prizeId: 'p-thanks' });
      const row = await t.db.query(
        `SELECT stock, awarded FROM prize_stock WHERE prize_id = 'p-thanks'`,
      );
      expect(row.rows[0]).toEqual({ stock: null, awarded: 0 });
    });

    it("the same user's second draw waits for the chance row and finds it spent", async () => {
      const c = await user('13300000003', 1);
      const held = deferred();
      const release = deferred();
      const first = t.db.transaction(async (tx) => {
        await drawFor(c)(tx);
        held.resolve();
        await release.promise;
      });
      await held.promise;
      const second = t.db.transaction(drawFor(c));
      second.catch(() => undefined);
      expect(await waitForLockWait(t.db)).toBe(true);
      release.resolve();
      await first;
      await expect(second).rejects.toMatchObject({ status: 409, error: 'NO_CHANCE' });
      const bal = await t.db.query('SELECT balance FROM user_chances WHERE user_id = $1', [c]);
      expect(bal.rows[0]).toEqual({ balance: 0 });
    });

    it('a retry with the same key waits for the first and replays its response', async () => {
      const d = await user('13300000004', 5);
      const claim = { key: 'interleave-key-1', fingerprint: 'GET test/draw' };
      const held = deferred();
      const release = deferred();
      const first = idempotent(t.db, d, claim, async (tx) => {
        const r = await drawFor(d)(tx);
        held.resolve();
        await release.promise;
        return r;
      });
      await held.promise;
      const retry = idempotent(t.db, d, claim, drawFor(d));
      expect(await waitForLockWait(t.db)).toBe(true);
      release.resolve();
      const [r1, r2] = await Promise.all([first, retry]);
      expect(JSON.parse(JSON.stringify(r2))).toEqual(JSON.parse(JSON.stringify(r1)));
      const n = await t.db.query('SELECT 1 FROM draws WHERE user_id = $1', [d]);
      expect(n.rowCount).toBe(1);
    });

    // draw_once writes its key row last (migration 0082, decision 0031): a second request with the
    // key waits on the user's balance row, then rolls back (MPK40) and is sent again.
    describe('a keyed draw_once held before COMMIT, and a second request with its key', () => {
      const keyed = (userId: string, fingerprint: string) => ({
        payment: { kind: 'chance' as const },
        source: 'test',
        now,
        claim: { key: `held-${userId}`, fingerprint },
      });
      const holdFirst = async (userId: string) => {
        const held = deferred<DrawOutcome>();
        const release = deferred();
        const first = t.db.transaction(async (tx) => {
          const r = await draw(tx, activity, userId, keyed(userId, 'GET test/draw'));
          held.resolve(r);
          await release.promise;
          return r;
        });
        await held.promise;
        return { first, release };
      };
      const drawRows = async (userId: string) =>
        (await t.db.query('SELECT 1 FROM draws WHERE user_id = $1', [userId])).rowCount;
      const balance = async (userId: string) =>
        (await t.db.query('SELECT balance FROM user_chances WHERE user_id = $1', [userId])).rows[0];

      it('replays the answer when it would have run', async () => {
        const u = await user('13300000021', 5);
        const before = await drawRows(u);
        const { first, release } = await holdFirst(u);
        const second = draw(t.db, activity, u, keyed(u, 'GET test/draw'));
        expect(await waitForLockWait(t.db)).toBe(true);
        release.resolve();
        const [r1, r2] = await Promise.all([first, second]);
        expect(r2).toEqual(r1);
        expect(await drawRows(u)).toBe(before + 1);
        expect(await balance(u)).toEqual({ balance: 4 });
      });

      it('replays the answer, not "no chances", when the first took the last chance', async () => {
        const u = await user('13300000022', 1);
        const before = await drawRows(u);
        const { first, release } = await holdFirst(u);
        const second = draw(t.db, activity, u, keyed(u, 'GET test/draw'));
        expect(await waitForLockWait(t.db)).toBe(true);
        release.resolve();
        const [r1, r2] = await Promise.all([first, second]);
        expect(r2).toEqual(r1);
        expect(await drawRows(u)).toBe(before + 1);
        expect(await balance(u)).toEqual({ balance: 0 });
      });

      it('answers 422 to another request with the key, and draws nothing for it', async () => {
        const u = await user('13300000013', 5);
        const before = await drawRows(u);
        const { first, release } = await holdFirst(u);
        const second = draw(t.db, activity, u, keyed(u, 'GET test/other'));
        second.catch(() => undefined);
        expect(await waitForLockWait(t.db)).toBe(true);
        release.resolve();
        await first;
        await expect(second).rejects.toMatchObject({ status: 422 });
        expect(await drawRows(u)).toBe(before + 1);
        expect(await balance(u)).toEqual({ balance: 4 });
      });
    });

    it('a retry runs for real when the first attempt rolled back', async () => {
      const e = await user('13300000005', 5);
      const claim = { key: 'interleave-key-2', fingerprint: 'GET test/draw' };
      const held = deferred();
      const release = deferred();
      const first = idempotent(t.db, e, claim, async (tx) => {
        await drawFor(e)(tx);
        held.resolve();
        await release.promise;
        throw new Error('crash before commit');
      });
      first.catch(() => undefined);
      await held.promise;
      const retry = idempotent(t.db, e, claim, drawFor(e));
      expect(await waitForLockWait(t.db)).toBe(true);
      release.resolve();
      await expect(first).rejects.toThrow('crash before commit');
      const r = await retry;
      const rows = await t.db.query<{ id: number }>('SELECT id FROM draws WHERE user_id = $1', [e]);
      expect(rows.rows.map((x) => x.id)).toEqual([r.drawId]);
      const bal = await t.db.query('SELECT balance FROM user_chances WHERE user_id = $1', [e]);
      expect(bal.rows[0]).toEqual({ balance: 4 });
    });

    it('the second claim of the last coupon waits, then fails and leaves no count behind', async () => {
      const [f, g] = [await user('13300000006', 0), await user('13300000007', 0)];
      await t.db.query(`UPDATE coupon_pools SET remaining = 1 WHERE coupon_id = 'c-50-off'`);
      const coupon = activity.coupons.find((c) => c.couponId === 'c-50-off');
      if (!coupon) throw new Error('coupon missing');
      const held = deferred();
      const release = deferred();
      const first = t.db.transaction(async (tx) => {
        await claimCoupon(tx, activity, f, coupon, now);
        held.resolve();
        await release.promise;
      });
      await held.promise;
      const second = t.db.transaction((tx) => claimCoupon(tx, activity, g, coupon, now));
      second.catch(() => undefined);
      expect(await waitForLockWait(t.db)).toBe(true);
      release.resolve();
      await first;
      await expect(second).rejects.toMatchObject({ status: 409, error: 'SOLD_OUT' });
      const counts = await t.db.query('SELECT 1 FROM user_coupon_counts WHERE user_id = $1', [g]);
      expect(counts.rowCount).toBe(0);
    });

    it('two spends of the whole gold-rice balance: the second waits and is refused', async () => {
      const h = await user('13300000008', 0);
      await t.db.query(
        `INSERT INTO gold_rice_ledger (user_id, activity_code, amount_cents, reason, ref) VALUES ($1, $2, 100, 'test', 'x')`,
        [h, CODE],
      );
      const spend = (ref: string) => (tx: Parameters<typeof spendGoldRice>[0]) =>
        spendGoldRice(tx, { userId: h, activityCode: CODE, cents: 100, reason: 'test', ref });
      const held = deferred();
      const release = deferred();
      const first = t.db.transaction(async (tx) => {
        await spend('a')(tx);
        held.resolve();
        await release.promise;
      });
      await held.promise;
      const second = t.db.transaction(spend('b'));
      second.catch(() => undefined);
      expect(await waitForLockWait(t.db)).toBe(true);
      release.resolve();
      await first;
      await expect(second).rejects.toMatchObject({ status: 409 });
      const bal = await t.db.query(
        'SELECT balance_cents FROM gold_rice_balances WHERE user_id = $1',
        [h],
      );
      expect(bal.rows[0]).toEqual({ balance_cents: 0 });
    });
  },
);
