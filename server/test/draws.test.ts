import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMAINING_CHANCE, IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import type { ActivityConfig } from '../src/config/activity-config';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const CODE = 'demo-luckdraw';
const A = `activityCode=${CODE}`;

interface DrawResult {
  drawId: number;
  prizeId: string;
  prizeName: string;
  prizeImage: string;
  prizeType: string;
  index: number;
  fallback: boolean;
  remainChance: number;
}

/** Only the flagship phone can be drawn (stock 1, one per user); everything else falls back. */
export function phoneOnly(m: Map<string, ActivityConfig>) {
  const a = m.get(CODE);
  if (!a) throw new Error('demo activity missing');
  m.set(CODE, {
    ...a,
    prizes: a.prizes.map((p) => ({ ...p, weight: p.prizeId === 'p-phone' ? 1 : 0 })),
  });
}

describe('draws and chances', () => {
  let t: TestApp;
  let cookie: string;
  const get = (url: string, c = cookie, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: c, ...headers } });
  const post = (url: string, payload: object, c = cookie, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: c, ...headers } });
  const setChances = (c: string, n: number) =>
    t.db.query(
      `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, activity_code) DO UPDATE SET balance = $3`,
      [userIdOf(c), CODE, n],
    );
  const drawCount = async (c = cookie) =>
    Number(
      (
        await t.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM draws WHERE user_id = $1', [
          userIdOf(c),
        ])
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('gives a new user the default remaining chance (spec §9) and anonymous visitors the same', async () => {
    const mine = body<{ remainChance: number }>(await get(`${G}/getRemainChance?${A}`));
    expect(mine.result.remainChance).toBe(DEFAULT_REMAINING_CHANCE);
    const anon = await t.app.inject({ method: 'GET', url: `${G}/getRemainChance?${A}` });
    expect(body<{ remainChance: number }>(anon).result.remainChance).toBe(DEFAULT_REMAINING_CHANCE);
  });

  it('draws with the free chance and names the prize and its slot in config order', async () => {
    const res = await post(`${G}/luckDraw`, { activityCode: CODE, coordinates: '120.1,30.2' });
    expect(res.statusCode).toBe(200);
    const r = body<DrawResult>(res).result;
    const prizes = t.config.activities.get(CODE)?.prizes ?? [];
    expect(prizes[r.index]?.prizeId).toBe(r.prizeId);
    expect(r).toMatchObject({ prizeName: prizes[r.index]?.name, prizeType: prizes[r.index]?.type });
    expect(r.remainChance).toBe(r.prizeId === 'p-chance' ? 1 : 0);
    expect(res.body).not.toMatch(/"weight"|"stock"/);
  });

  it('refuses a draw without chances with 409 and writes nothing', async () => {
    const c = await login(t.app, '13700000011');
    await setChances(c, 0);
    await t.db.query(
      `INSERT INTO chance_ledger (user_id, activity_code, delta, reason, ref) VALUES ($1, $2, 1, 'dailyFree', '2025-06-10')`,
      [userIdOf(c), CODE],
    );
    const res = await get(`${G}/luckDraw?${A}`, c);
    expect(res.statusCode).toBe(409);
    expect(body(res).error).toBe('NO_CHANCE');
    expect(await drawCount(c)).toBe(0);
  });

  it('replays an idempotency key: one draw, one chance spent, the same answer', async () => {
    const c = await login(t.app, '13700000012');
    await setChances(c, 5);
    const h = { [IDEMPOTENCY_HEADER]: 'draw-key-0001' };
    const first = await post(`${G}/luckDraw`, { activityCode: CODE }, c, h);
    const again = await post(`${G}/luckDraw`, { activityCode: CODE }, c, h);
    expect(again.statusCode).toBe(200);
    expect(body(again).result).toEqual(body(first).result);
    expect(await drawCount(c)).toBe(1);
    // The same key on another endpoint is another request: refused, nothing drawn (issue 17).
    const flash = await post(`${G}/flashLuckDraw`, { activityCode: CODE }, c, h);
    expect(flash.statusCode).toBe(422);
    expect(await drawCount(c)).toBe(1);
  });

  it('answers 400 to malformed draws without writing', async () => {
    const c = await login(t.app, '13700000013');
    await setChances(c, 3);
    const bad = [
      await get(`${G}/luckDraw`, c),
      await get(`${G}/luckDraw?activityCode=nope`, c),
      await get(`${G}/luckDraw?${A}&coordinates=${'9'.repeat(200)}`, c),
      await get(`${G}/luckDraw?${A}`, c, { [IDEMPOTENCY_HEADER]: 'short' }),
      await t.app.inject({
        method: 'POST',
        url: `${G}/luckDraw`,
        headers: { cookie: c, 'content-type': 'application/json' },
        payload: '{"activityCode":',
      }),
    ];
    for (const res of bad) {
      expect(res.statusCode).toBe(400);
      expect(body(res).msg.length).toBeGreaterThan(3);
    }
    expect(await drawCount(c)).toBe(0);
    expect((await get(`${G}/luckDraw?${A}`, '')).statusCode).toBe(401);
  });

  it('pays gold-rice draws from the balance and refuses when short', async () => {
    const c = await login(t.app, '13700000014');
    expect((await get(`${G}/goldRichDraw?${A}`, c)).statusCode).toBe(409);
    await t.db.query(
      `INSERT INTO gold_rice_ledger (user_id, activity_code, amount_cents, reason, ref) VALUES ($1, $2, 150, 'test', '1')`,
      [userIdOf(c), CODE],
    );
    const ok = await get(`${G}/goldRichDraw?${A}`, c);
    expect(ok.statusCode).toBe(200);
    const sum = body<{ sum: number }>(await get(`${G}/queryUserGoldRichSum?${A}`, c)).result.sum;
    const won = body<DrawResult>(ok).result.prizeId;
    const extra =
      t.config.activities.get(CODE)?.prizes.find((p) => p.prizeId === won)?.goldRiceCents ?? 0;
    expect(sum).toBe(50 + extra);
  });

  it('shows prize lists with sold-out flags only, history, statuses and masked winners', async () => {
    const stock = body<{ list: { prizeId: string; soldOut: boolean }[] }>(
      await get(`${G}/prizeStock?${A}`),
    );
    expect(stock.result.list).toHaveLength(8);
    expect(JSON.stringify(stock.result)).not.toMatch(/stock"|weight/);
    const flash = body<{ prizes: { index: number }[]; remainChance: number }>(
      await get(`${G}/getFlashDrawByConfigActivityId4C?${A}`),
    );
    expect(flash.result.prizes.map((p) => p.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const byId = await get(`${G}/getFlashDrawByConfigActivityId4C?configActivityId=173`);
    expect(body(byId).result).toMatchObject({ activityCode: CODE });
    expect((await get(`${G}/getFlashDrawByConfigActivityId4C?configActivityId=9`)).statusCode).toBe(
      400,
    );
    expect((await get(`${G}/getFlashDrawByConfigActivityId4C`)).statusCode).toBe(400);
    const history = body<{ list: DrawResult[] }>(await get(`${G}/showPrizeListHistory?${A}`));
    expect(history.result.list.length).toBeGreaterThan(0);
    const status = await get(`${G}/getPrizeStatus?${A}&drawId=${history.result.list[0]?.drawId}`);
    expect(body(status).result).toMatchObject({ drawId: history.result.list[0]?.drawId });
    const other = await login(t.app, '13700000015');
    const stolen = await get(
      `${G}/getPrizeStatus?${A}&drawId=${history.result.list[0]?.drawId}`,
      other,
    );
    expect(stolen.statusCode).toBe(400);
    expect((await get(`${G}/getPrizeStatus?${A}&drawId=x`)).statusCode).toBe(400);
    expect(body(await get(`${G}/getPrizeStatusV2?${A}`)).result).toHaveProperty('list');
    expect(body(await get(`${G}/unpaidPrizeCount?${A}`)).result).toHaveProperty('count');
    expect(body(await get(`${G}/prizeUserCount?${A}`)).result).toMatchObject({ userCount: 3 });
    const flow = body<{ list: { reason: string }[] }>(await get(`${G}/chanceFlow?${A}`));
    expect(flow.result.list.map((x) => x.reason)).toContain('draw');
  });

  it('masks winners in the rotary news', async () => {
    const c = await login(t.app, '13912345678');
    await setChances(c, 10);
    for (let i = 0; i < 10; i++) await get(`${G}/luckDraw?${A}`, c);
    const raw = await post(`${G}/rotaryNews`, { activityCode: CODE }, '');
    const news = body<{ list: { phone: string; nickName: string }[] }>(raw);
    expect(news.result.list.length).toBeGreaterThan(0);
    expect(raw.body).not.toContain('13912345678');
    for (const x of news.result.list) expect(x.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect((await post(`${G}/rotaryNewsTop`, { activityCode: CODE }, '')).statusCode).toBe(200);
  });

  it('adds banker chances once a day and draws on partner pages', async () => {
    const c = await login(t.app, '13700000016');
    const first = body<{ added: number }>(await get('/mp/api/banker/luckyDraw/addChance?' + A, c));
    const again = body<{ added: number }>(await get('/mp/api/banker/luckyDraw/addChance?' + A, c));
    expect([first.result.added, again.result.added]).toEqual([1, 0]);
    const idx = body<{ remainChance: number }>(await get(`/mp/api/newPhone/q3index?${A}`, c));
    expect(idx.result.remainChance).toBe(2);
    const phoneDraw = await post('/mp/api/newPhone/q3send', { activityCode: CODE }, c);
    const youkuDraw = await post('/mp/api/youkuActivity/youkuUserDraw', { activityCode: CODE }, c);
    expect([phoneDraw.statusCode, youkuDraw.statusCode]).toEqual([200, 200]);
    // The demo's "one more draw" prize pays a chance back: the last draw then still has one.
    const extraChances = [phoneDraw, youkuDraw].filter(
      (r) => body<{ prizeId: string }>(r).result.prizeId === 'p-chance',
    ).length;
    const st = body<{ drawnToday: number }>(
      await get(`/mp/api/tongchengActivity/getUserDrawStatus?${A}`, c),
    );
    expect(st.result.drawnToday).toBe(2);
    const save = await post(
      '/mp/api/tongchengActivity/saveTongchengUserDraw',
      { activityCode: CODE, useAccountPhone: 'true' },
      c,
    );
    expect(save.statusCode).toBe(extraChances > 0 ? 200 : 409);
  });

  it('uses a multiplier card on the day’s gold-rice win, once', async () => {
    const c = await login(t.app, '13700000017');
    expect((await get(`${G}/useMultCard?${A}`, c)).statusCode).toBe(409);
    const uid = userIdOf(c);
    await t.db.query(
      `INSERT INTO draws (user_id, activity_code, prize_id, prize_type, position, source, status, draw_day)
       VALUES ($1, $2, 'p-gold-rice-8', 'goldRice', 5, 'test', 'done', '2025-06-10')`,
      [uid, CODE],
    );
    const used = body<{ extraGoldRice: number; cardsLeft: number }>(
      await get(`${G}/useMultCard?${A}`, c),
    );
    expect(used.result).toMatchObject({ extraGoldRice: 888, cardsLeft: 0 });
    expect((await get(`${G}/useMultCard?${A}`, c)).statusCode).toBe(409);
  });
});

describe('draw limits', () => {
  it('falls back when the prize is sold out or over the per-user limit', async () => {
    const t = await createTestApp({ editActivities: phoneOnly });
    try {
      const a = await login(t.app, '13600000001');
      const b = await login(t.app, '13600000002');
      for (const c of [a, b]) {
        await t.db.query(
          `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, 5)`,
          [userIdOf(c), CODE],
        );
      }
      const draw = async (c: string) =>
        body<DrawResult>(
          await t.app.inject({ method: 'GET', url: `${G}/luckDraw?${A}`, headers: { cookie: c } }),
        ).result;
      expect(await draw(a)).toMatchObject({ prizeId: 'p-phone', index: 0, fallback: false });
      expect(await draw(a)).toMatchObject({ prizeId: 'p-thanks', index: 7, fallback: true });
      expect(await draw(b)).toMatchObject({ prizeId: 'p-thanks', fallback: true });
      // Other activities have a p-phone too: this activity's row.
      const stock = await t.db.query<{ stock: number; awarded: number }>(
        `SELECT stock, awarded FROM prize_stock WHERE prize_id = 'p-phone' AND activity_code = $1`,
        [CODE],
      );
      expect(stock.rows[0]).toEqual({ stock: 0, awarded: 1 });
      const flags = body<{ list: { prizeId: string; soldOut: boolean }[] }>(
        await t.app.inject({ method: 'GET', url: `${G}/prizeStock?${A}` }),
      );
      expect(flags.result.list.find((p) => p.prizeId === 'p-phone')?.soldOut).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('answers 429 past the draw rate limit and consumes nothing', async () => {
    const t = await createTestApp({
      config: { rateLimit: { capacity: 2, refillPerSecond: 0.001 } },
    });
    try {
      const c = await login(t.app);
      await t.db.query(
        `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, 10)`,
        [userIdOf(c), CODE],
      );
      const codes = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (await t.app.inject({ method: 'GET', url: `${G}/luckDraw?${A}`, headers: { cookie: c } }))
            .statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 429, 429]);
      const n = await t.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM draws');
      expect(n.rows[0]?.n).toBe(2);
    } finally {
      await t.close();
    }
  });
});
