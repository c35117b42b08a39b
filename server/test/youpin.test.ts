import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const P = '/mp/api/configActivity';
const A = { activityCode: 'youpin' };

interface Item {
  goodsId: string;
  jumpUrl: string;
  remaining: number;
  soldOut: boolean;
  badge: string;
  priceText: string;
}

describe('partner shop items (routes/youpin.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '18600000021');
  });
  afterAll(() => t.close());

  const goods = async () =>
    body<{ list: Item[] }>(await c.post(`${P}/youpinGoods`, A, null)).result.list;

  it('lists the goods the activity seeded, with stock from the table', async () => {
    const list = await goods();
    expect(list.map((g) => g.goodsId)).toEqual(['g-kettle', 'g-band', 'g-bag']);
    expect(list[0]).toMatchObject({ remaining: 500, soldOut: false, badge: '爆款' });
    expect(list[0]?.priceText).toBe('¥99 · 原价¥149');
    expect(list[2]).toMatchObject({ soldOut: true, badge: '已售罄', jumpUrl: '' });
    // What the partner sold is the table's: a later read (or a config reload) keeps it.
    await t.db.query(
      `UPDATE partner_goods SET sold = 500 WHERE activity_code = 'youpin' AND goods_id = 'g-kettle'`,
    );
    expect((await goods())[0]).toMatchObject({ remaining: 0, soldOut: true });
  });

  it('shows member prices to members only', async () => {
    const special = async (cookie: string | null) =>
      body<{ member: boolean; list: Item[] }>(await c.post(`${P}/memberSpecial`, A, cookie)).result;
    const visitor = await special(null);
    expect(visitor.member).toBe(false);
    expect(visitor.list[0]).toMatchObject({ badge: '会员专享' });
    expect(visitor.list[0]?.priceText).toBe('入会可享¥39 · 现价¥59');
    await c.post(`${P}/register`, A, ann);
    const member = await special(ann);
    expect(member.member).toBe(true);
    expect(member.list[0]?.priceText).toBe('会员价¥39 · 原价¥59');
  });

  it('answers an empty list without an activity and 400 for an unknown one', async () => {
    expect(body(await c.post(`${P}/youpinGoods`, {}, null)).result).toEqual({ list: [] });
    expect((await c.post(`${P}/youpinGoods`, { activityCode: 'nope' }, null)).statusCode).toBe(400);
  });
});
