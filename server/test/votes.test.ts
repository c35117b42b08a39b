import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/spec/constants';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const N = '/mp/api/newProduct';
const CODE = 'demo-luckdraw';
const A = `activityCode=${CODE}`;

interface Product {
  productId: string;
  votes: number;
  voted: boolean;
}

describe('new-product votes', () => {
  let t: TestApp;
  let cookie: string;
  const get = (url: string, c = cookie, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: c, ...headers } });
  const vote = (productId: string, c = cookie, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${N}/vote`,
      payload: { activityCode: CODE, productId },
      headers: { cookie: c, ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it('lists the products with counts for anonymous visitors', async () => {
    const res = await get(`${N}/getNewProductList?${A}`, '');
    const list = body<{ list: Product[] }>(res).result.list;
    expect(list.map((p) => p.productId)).toEqual(['color-black', 'color-white', 'color-green']);
    expect(list.every((p) => p.votes === 0 && !p.voted)).toBe(true);
  });

  it('counts a vote once per product and day, with GET and POST', async () => {
    expect(body(await vote('color-black')).result).toMatchObject({ votes: 1, votesLeft: 2 });
    const again = await get(`${N}/vote?${A}&productId=color-black`);
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toBe('ALREADY_VOTED');
    const one = body<Product>(await get(`${N}/getNewProductById?${A}&productId=color-black`));
    expect(one.result).toMatchObject({ votes: 1, voted: true });
    // Next campaign day: a new period.
    t.setNow('2025-06-11T08:00:00+08:00');
    expect((await vote('color-black')).statusCode).toBe(200);
    t.setNow('2025-06-10T10:00:00+08:00');
  });

  it('enforces the daily per-user limit and rolls back the refused vote', async () => {
    const c = await login(t.app, '13700000051');
    t.setNow('2025-06-12T08:00:00+08:00');
    expect((await vote('color-black', c)).statusCode).toBe(200);
    expect((await vote('color-white', c)).statusCode).toBe(200);
    expect((await vote('color-green', c)).statusCode).toBe(200);
    const edited = await createTestApp({
      editActivities: (m) => {
        const a = m.get(CODE);
        if (a) m.set(CODE, { ...a, vote: { ...a.vote, perUserDailyLimit: 1 } });
      },
    });
    try {
      const c2 = await login(edited.app, '13700000052');
      const v = (p: string) =>
        edited.app.inject({
          method: 'POST',
          url: `${N}/vote`,
          payload: { activityCode: CODE, productId: p },
          headers: { cookie: c2 },
        });
      expect((await v('color-black')).statusCode).toBe(200);
      const over = await v('color-white');
      expect(over.statusCode).toBe(409);
      expect(body(over).error).toBe('VOTE_LIMIT');
      const rows = await edited.db.query('SELECT 1 FROM votes');
      expect(rows.rowCount).toBe(1);
    } finally {
      await edited.close();
      t.setNow('2025-06-10T10:00:00+08:00');
    }
  });

  it('shows header, live ranking and product infos', async () => {
    const header = body<{ totalVotes: number; voters: number }>(
      await get(`${N}/getNewProductHeader?${A}`),
    );
    expect(header.result).toMatchObject({ totalVotes: 5, voters: 2 });
    const live = body<{ ranking: Product[] }>(await get(`${N}/getNewProductLive?${A}`, ''));
    expect(live.result.ranking[0]).toMatchObject({ productId: 'color-black', votes: 3 });
    const infos = body<{ list: Product[] }>(
      await get(`${N}/getProductInfos?${A}&productIds=color-white,color-green`),
    );
    expect(infos.result.list.map((p) => p.productId)).toEqual(['color-white', 'color-green']);
  });

  it('replays an idempotency key instead of answering "already voted"', async () => {
    const c = await login(t.app, '13700000053');
    const h = { [IDEMPOTENCY_HEADER]: 'vote-key-0001' };
    const a = await vote('color-green', c, h);
    const b = await vote('color-green', c, h);
    expect(b.statusCode).toBe(200);
    expect(body(b).result).toEqual(body(a).result);
  });

  it('answers 400 to malformed votes without writing', async () => {
    const c = await login(t.app, '13700000054');
    const before = await t.db.query('SELECT 1 FROM votes');
    for (const url of [
      `${N}/vote?${A}`,
      `${N}/vote?${A}&productId=nope`,
      `${N}/vote?${A}&productId=a%20b`,
      `${N}/vote?productId=color-black`,
      `${N}/getNewProductById?${A}&productId=zz`,
      `${N}/getProductInfos?${A}&productIds=color-black,zz`,
    ]) {
      expect((await get(url, c)).statusCode).toBe(400);
    }
    expect((await t.db.query('SELECT 1 FROM votes')).rowCount).toBe(before.rowCount);
  });
});
