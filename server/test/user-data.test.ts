import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const U = '/mp/api/user';
const address = {
  name: 'Li Lei',
  phone: '13912345678',
  region: 'Beijing Haidian',
  address: 'Building 5, Room 101',
};

describe('phone, delivery address and invitation code (routes/user-data.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '13100000001');
    bob = await login(t.app, '13100000002');
  });
  afterAll(() => t.close());
  const read = async (cookie: string) =>
    body<Record<string, unknown> | null>(await c.post(`${U}/getUserDataByMiidSid`, {}, cookie))
      .result;

  it('returns the masked phone', async () => {
    expect(body(await c.post(`${U}/getUserPhone`, {}, ann)).result).toEqual({
      phone: '131****0001',
    });
  });

  it('saves one address per user (upsert) and shows it to its owner only', async () => {
    expect(await read(ann)).toBeNull();
    const saved = body(await c.post(`${U}/insertOrUpdateUserData`, address, ann));
    expect(saved.code).toBe(0);
    expect(saved.result).toMatchObject(address);
    expect(body(await c.post(`${U}/insertOrUpdateUserData`, address, ann)).result).toMatchObject(
      address,
    );
    const moved = { ...address, address: '  Building 6, Room 202  ' };
    await c.post(`${U}/insertOrUpdateUserData`, moved, ann);
    expect(await read(ann)).toMatchObject({ ...address, address: 'Building 6, Room 202' });
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_addresses');
    expect(rows.rows[0]?.n).toBe(1);
    // miid/sid in the request never select another user's row.
    expect(await read(bob)).toBeNull();
  });

  it('validates every field', async () => {
    for (const bad of [
      { ...address, phone: '12345678901' },
      { ...address, phone: '1391234567' },
      { ...address, name: '   ' },
      { ...address, name: 'x'.repeat(21) },
      { ...address, name: '<script>' },
      { ...address, region: 'B' },
      { ...address, address: '' },
      { name: address.name, phone: address.phone, region: address.region },
    ]) {
      const res = await c.post(`${U}/insertOrUpdateUserData`, bad, bob);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(res).msg.length).toBeGreaterThan(0);
    }
    expect(await read(bob)).toBeNull();
  });

  it('issues a stable, unguessable invitation code per user', async () => {
    const url = '/mp/api/invitationPassword/getInvitationPassword';
    const code = async (cookie: string) =>
      body<{ password: string }>(await c.post(url, {}, cookie)).result.password;
    const first = await code(ann);
    expect(first).toMatch(/^[A-HJ-KM-NP-Z2-9]{12}$/);
    expect(await code(ann)).toBe(first);
    const other = await code(bob);
    expect(other).not.toBe(first);
    expect((await c.post(url, {}, null)).statusCode).toBe(401);
  });

  it('refuses anonymous callers', async () => {
    for (const call of ['getUserPhone', 'getUserDataByMiidSid', 'insertOrUpdateUserData']) {
      expect((await c.post(`${U}/${call}`, address, null)).statusCode, call).toBe(401);
    }
  });
});
