import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCatalogue } from '../../src/services/api/catalogue';
import { illFormedStringAt } from '../src/http/input-rule';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const CODE = 'demo-luckdraw';
const G = '/mp/api/generalActivity';

describe('ill-formed strings are bad input on every route (issue 17)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  const update = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `${G}/updateUserInfo`,
      payload,
      headers: { cookie },
    });

  it('a NUL in a nickname (spec §7 updateUserInfo) is a 400, not a 500', async () => {
    const res = await update({ activityCode: CODE, nickName: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 400, error: 'BAD_REQUEST' });
    expect(body(res).msg).toContain('body.nickName');
    const form = await t.app.inject({
      method: 'POST',
      url: `${G}/updateUserInfo`,
      payload: `activityCode=${CODE}&nickName=a%00b`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(400);
  });

  it('unpaired surrogates are refused, a real pair (emoji) is kept', async () => {
    const lone = await t.app.inject({
      method: 'POST',
      url: `${G}/updateUserInfo`,
      payload: `{"activityCode":"${CODE}","nickName":"a\\ud800b"}`,
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(lone.statusCode).toBe(400);
    const low = await update({ activityCode: CODE, nickName: 'x\udc00' });
    expect(low.statusCode).toBe(400);
    const emoji = await update({ activityCode: CODE, nickName: 'cat 🐱' });
    expect(emoji.statusCode).toBe(200);
  });

  it('checks keys and nested values too, without recursion limits', () => {
    expect(illFormedStringAt({ ['k\u0000']: 1 }, 'body')).toBe('body (a key)');
    expect(illFormedStringAt({ a: [{ b: 'ok' }, { c: '\ud83d' }] }, 'body')).toBe('body.a[1].c');
    let deep: unknown = 'fine';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(illFormedStringAt(deep, 'body')).toBeNull();
  });

  it('every catalogue call answers 400 to a NUL in a parameter, before login is checked', async () => {
    const entries = apiCatalogue.filter((e) => !e.path.includes('{'));
    expect(entries.length).toBeGreaterThan(100);
    for (const e of entries) {
      const res =
        e.method === 'GET'
          ? await t.app.inject({ method: 'GET', url: `${e.path}?activityCode=a%00b` })
          : await t.app.inject({
              method: 'POST',
              url: e.path,
              payload: { activityCode: 'a\u0000b' },
            });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(400);
    }
  });
});
