import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from './harness';
import { createLoggedApp, LEVEL } from './logged-app';
import type { LoggedApp } from './logged-app';

// Issue 35 point 4: every 404 outside /mp/activity was logged as a 500 error (the not-found
// handler sent without returning), so a 5xx alarm fired on favicon requests.
describe('a 404 outside /mp/activity', () => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await createLoggedApp({ staticDir: null });
  });
  afterAll(() => t.close());

  it.each([
    ['an unknown API call', '/mp/api/noSuchCall'],
    ["the login page's favicon", '/favicon.ico'],
  ])('%s answers 404 and is logged as a 404, never as an error', async (_what, url) => {
    const before = t.lines.length;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    if (url.startsWith('/mp/api/')) expect(body(res)).toMatchObject({ code: 404 });
    // Let Fastify finish its response bookkeeping (the 'request completed' line).
    await new Promise((resolve) => setImmediate(resolve));
    const lines = t.lines.slice(before);
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]?.res?.statusCode).toBe(404);
    expect(completed[0]?.level).toBe(LEVEL.info);
    expect(lines.filter((l) => l.level >= LEVEL.warn)).toEqual([]);
  });
});
