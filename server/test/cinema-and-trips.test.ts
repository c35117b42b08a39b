import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const CE = { activityCode: 'cateye-movie' };
const TR = { activityCode: 'wallet-trip' };

describe('cinema (routes/cinema.ts, ours)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp({
      editActivities: (all) => {
        const a = all.get('cateye-movie');
        const s = a?.benefits.cinema.movies[2]?.showings[0];
        if (s) s.seats = 1;
      },
    });
    c = caller(t);
  });
  afterAll(() => t.close());

  it('lists movies (recommended only on request) with seats left, and one movie', async () => {
    const all = body<{ list: { movieId: string; seatsLeft: number }[] }>(
      await c.get('/mp/api/cinema/movieList', CE, null),
    ).result.list;
    expect(all.map((m) => m.movieId)).toEqual(['m-river', 'm-star', 'm-summer']);
    const rec = body<{ list: unknown[] }>(
      await c.get('/mp/api/cinema/movieList', { ...CE, recommended: 1 }, null),
    ).result.list;
    expect(rec).toHaveLength(2);
    const one = body<{ name: string; showings: unknown[] }>(
      await c.get('/mp/api/cinema/movieDetail', { ...CE, movieId: 'm-star' }, null),
    ).result;
    expect(one.name).toBe('星际邮差');
    expect(
      (await c.get('/mp/api/cinema/movieDetail', { ...CE, movieId: 'x' }, null)).statusCode,
    ).toBe(404);
  });

  it('a ticket needs a sign-in first, then one per user, listed in the order list', async () => {
    const ann = await login(t.app, '13300000001');
    const claim = (key: string) =>
      c.post('/mp/api/cinema/claimTicket', { ...CE, showingId: 's-river-1' }, ann, key);
    const early = await claim('ticket-ann-0001');
    expect(early.statusCode).toBe(409);
    expect(body(early).error).toBe('SIGN_DAYS_SHORT');
    await c.post('/mp/api/generalActivity/signIn', CE, ann, 'sign-ann-00001');
    const first = await claim('ticket-ann-0002');
    expect(first.statusCode).toBe(200);
    const replay = await claim('ticket-ann-0002');
    expect(body(replay).result).toEqual(body(first).result);
    const second = await claim('ticket-ann-0003');
    expect(body(second).error).toBe('LIMIT_REACHED');
    const orders = body<{ list: { movieName: string; cinema: string; status: string }[] }>(
      await c.get('/mp/api/cinema/orderList', CE, ann),
    ).result.list;
    expect(orders).toEqual([
      expect.objectContaining({
        movieName: '长河之上',
        cinema: '城市影城（中心店）',
        status: 'valid',
      }),
    ]);
  });

  it('parallel claims of the last seat: one ticket', async () => {
    const users = await Promise.all(
      ['13300000011', '13300000012', '13300000013'].map((p) => login(t.app, p)),
    );
    for (const [i, u] of users.entries()) {
      await c.post('/mp/api/generalActivity/signIn', CE, u, `sign-par-0000${i}`);
    }
    const res = await Promise.all(
      users.map((u, i) =>
        c.post(
          '/mp/api/cinema/claimTicket',
          { ...CE, showingId: 's-summer-1' },
          u,
          `par-claim-000${i}`,
        ),
      ),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => body(r).error === 'SOLD_OUT')).toHaveLength(2);
  });
});

describe('wallet trip (routes/wallet-trip.ts, ours)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
  });
  afterAll(() => t.close());

  it('one check-in a day pays diamonds; diamonds buy rewards and never go negative', async () => {
    const bob = await login(t.app, '13300000021');
    const check = (key: string) =>
      c.post('/mp/api/walletTrip/checkIn', { ...TR, modeId: 'metro' }, bob, key);
    expect(body<{ balance: number }>(await check('trip-bob-00001')).result.balance).toBe(10);
    expect(body(await check('trip-bob-00002')).error).toBe('ALREADY_CHECKED_IN');
    const sum = body<{ diamonds: number; tripCount: number; checkedInToday: boolean }>(
      await c.get('/mp/api/walletTrip/summary', TR, bob),
    ).result;
    expect(sum).toMatchObject({ diamonds: 10, tripCount: 1, checkedInToday: true });
    const ex = await c.post(
      '/mp/api/walletTrip/exchange',
      { ...TR, rewardId: 'gold-50' },
      bob,
      'ex-bob-000001',
    );
    expect(body<{ balance: number; paid: { goldRiceCents: number } }>(ex).result).toMatchObject({
      balance: 0,
      paid: { goldRiceCents: 50 },
    });
    const broke = await c.post(
      '/mp/api/walletTrip/exchange',
      { ...TR, rewardId: 'gold-50' },
      bob,
      'ex-bob-000002',
    );
    expect(body(broke).error).toBe('INSUFFICIENT_DIAMONDS');
    t.setNow('2025-06-11T10:00:00+08:00');
    expect(body<{ balance: number }>(await check('trip-bob-00003')).result.balance).toBe(10);
    const rewards = body<{ list: { rewardId: string; exchanged: number }[] }>(
      await c.get('/mp/api/walletTrip/rewards', TR, bob),
    ).result.list;
    expect(rewards.find((r) => r.rewardId === 'gold-50')?.exchanged).toBe(1);
    t.setNow('2025-06-10T10:00:00+08:00');
  });
});
