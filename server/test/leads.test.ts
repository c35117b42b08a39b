import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const L = '/mp/api/leads';
const A = { activityCode: 'demo-luckdraw' };
const lead = { ...A, name: 'Han Meimei', phone: '15012345678', city: 'Shanghai' };

describe('leads (routes/leads.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '15000000001');
    bob = await login(t.app, '15000000002');
  });
  afterAll(() => t.close());
  const status = async (cookie: string) =>
    body<{ saved: boolean; lead: Record<string, unknown> | null }>(
      await c.get(`${L}/status`, A, cookie),
    ).result;

  it('saves a lead once per user and activity (POST), repeats answer the stored one', async () => {
    expect(await status(ann)).toEqual({ saved: false, lead: null });
    const first = body(await c.post(`${L}/save`, lead, ann)).result;
    expect(first).toMatchObject({
      saved: true,
      alreadySaved: false,
      lead: { name: 'Han Meimei', phone: '150****5678', city: 'Shanghai' },
    });
    const again = body(await c.post(`${L}/save`, { ...lead, name: 'Someone Else' }, ann)).result;
    expect(again).toMatchObject({ saved: true, alreadySaved: true, lead: { name: 'Han Meimei' } });
    expect(await status(ann)).toMatchObject({ saved: true, lead: { name: 'Han Meimei' } });
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
    expect(rows.rows[0]?.n).toBe(1);
  });

  it('accepts the GET twin and keeps users apart', async () => {
    expect(await status(bob)).toEqual({ saved: false, lead: null });
    const res = await c.get(`${L}/save`, { ...lead, name: 'Bob' }, bob);
    expect(body(res).result).toMatchObject({ alreadySaved: false, lead: { name: 'Bob' } });
    expect(await status(ann)).toMatchObject({ lead: { name: 'Han Meimei' } });
  });

  it('refuses anonymous callers and bad input', async () => {
    expect((await c.get(`${L}/status`, A, null)).statusCode).toBe(401);
    expect((await c.post(`${L}/save`, lead, null)).statusCode).toBe(401);
    expect((await c.get(`${L}/save`, lead, null)).statusCode).toBe(401);
    const carl = await login(t.app, '15000000003');
    for (const bad of [
      { ...lead, phone: '1500000' },
      { ...lead, phone: 'abc' },
      { ...lead, name: '' },
      { ...lead, name: 'n'.repeat(30) },
      { ...lead, city: 'c'.repeat(40) },
      { ...lead, activityCode: 'nope' },
      { name: lead.name, phone: lead.phone },
      { ...A, name: lead.name },
      { ...A, name: lead.name, useAccountPhone: 'false' },
      { ...A, name: lead.name, useAccountPhone: 'yes' },
    ]) {
      const res = await c.post(`${L}/save`, bad, carl);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await status(carl)).toEqual({ saved: false, lead: null });
  });

  it('saves the account phone when the visitor kept the masked one (useAccountPhone)', async () => {
    const dan = await login(t.app, '15000000004');
    const saved = body(
      await c.post(`${L}/save`, { ...A, name: 'Dan', useAccountPhone: 'true' }, dan),
    ).result;
    expect(saved).toMatchObject({
      alreadySaved: false,
      lead: { name: 'Dan', phone: '150****0004' },
    });
    const row = await t.db.query<{ phone: string }>("SELECT phone FROM leads WHERE name = 'Dan'");
    expect(row.rows[0]?.phone).toBe('15000000004');
    // The GET twin sends the flag as text.
    const eve = await login(t.app, '15000000005');
    const res = await c.get(`${L}/save`, { ...A, name: 'Eve', useAccountPhone: 'true' }, eve);
    expect(body(res).result).toMatchObject({ lead: { phone: '150****0005' } });
  });
});
