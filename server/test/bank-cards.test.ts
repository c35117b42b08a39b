import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid, MAX_BANK_CARDS } from '../src/routes/bank-cards';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const B = '/mp/api/bankCard';
/** Valid test numbers (Luhn), 16 digits. */
function cardNumber(seed: number): string {
  const head = `62220200${String(seed).padStart(7, '0')}`;
  for (let d = 0; d < 10; d++) if (luhnValid(`${head}${d}`)) return `${head}${d}`;
  throw new Error('unreachable');
}

describe('bank cards (routes/bank-cards.ts, ours)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '15000000011');
    bob = await login(t.app, '15000000012');
  });
  afterAll(() => t.close());
  const list = async (cookie: string) =>
    body<{ list: { bankName: string; last4: string }[] }>(await c.get(`${B}/list`, {}, cookie))
      .result.list;

  it('binds a card once, keeps only its last four digits, and lists it for its user only', async () => {
    const number = cardNumber(1);
    const first = body(
      await c.post(`${B}/bind`, { bankName: '招商银行', cardNumber: number }, ann),
    );
    expect(first.result).toMatchObject({
      bound: true,
      alreadyBound: false,
      card: { bankName: '招商银行', last4: number.slice(-4) },
    });
    const spaced = number.replace(/(\d{4})/g, '$1 ').trim();
    const again = body(
      await c.post(`${B}/bind`, { bankName: '招商银行', cardNumber: spaced }, ann),
    );
    expect(again.result).toMatchObject({ alreadyBound: true });
    expect(await list(ann)).toHaveLength(1);
    expect(await list(bob)).toEqual([]);
    const stored = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bank_cards WHERE card_hash LIKE '%' || $1 || '%' OR last4 <> right($1, 4)`,
      [number],
    );
    expect(stored.rows[0]?.n).toBe(0);
  });

  it(`refuses numbers that fail the check digit, and more than ${MAX_BANK_CARDS} cards even when sent at once`, async () => {
    const bad = `${cardNumber(2).slice(0, -1)}${(Number(cardNumber(2).slice(-1)) + 1) % 10}`;
    expect(
      (await c.post(`${B}/bind`, { bankName: '招商银行', cardNumber: bad }, bob)).statusCode,
    ).toBe(400);
    const results = await Promise.all(
      Array.from({ length: MAX_BANK_CARDS + 3 }, (_, i) =>
        c.post(`${B}/bind`, { bankName: '工商银行', cardNumber: cardNumber(100 + i) }, bob),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(MAX_BANK_CARDS);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect(await list(bob)).toHaveLength(MAX_BANK_CARDS);
  });

  it('needs a login', async () => {
    expect((await c.get(`${B}/list`, {}, null)).statusCode).toBe(401);
    expect(
      (await c.post(`${B}/bind`, { bankName: '工商银行', cardNumber: cardNumber(9) }, null))
        .statusCode,
    ).toBe(401);
  });

  it('bindCardUrl leads to the page that binds (/bind-card)', async () => {
    const res = body<{ url: string }>(await c.post('/mp/api/configActivity/bindCardUrl', {}, ann));
    expect(res.result.url).toBe('/mp/activity/bind-card');
  });
});
