import { mkdtemp, mkdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { makeAppConfig } from '../src/config/app-config';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite-driver';
import { body, createTestApp, injectSend, login, userIdOf } from './harness';
import type { TestApp } from './harness';
import { signInThroughFlow } from './sign-in-flow';

describe('skeleton', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the envelope and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mp/api/health?tid=abc' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 0, result: { status: 'ok' }, error: null });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers unknown API calls with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mp/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe(404);
  });

  it('applies migrations once', async () => {
    expect(await migrate(t.db)).toEqual([]);
    const rows = await t.db.query<{ version: number }>('SELECT version FROM schema_migrations');
    expect(rows.rows.map((r) => r.version)).toContain(1);
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO users (phone, nick_name, share_code) VALUES ('1', 'x', 'rb')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const res = await t.db.query(`SELECT 1 FROM users WHERE share_code = 'rb'`);
    expect(res.rowCount).toBe(0);
  });

  it('starts sign-in at the spec entry (§2) and comes back to requestUrl with the §4 cookies', async () => {
    const { jar, landing } = await signInThroughFlow(
      injectSend(t.app),
      '13800000009',
      '/mp/activity/bank?a=1',
    );
    expect(landing).toBe('http://localhost/mp/activity/bank?a=1');
    expect([...jar.cookies.keys()]).toEqual(
      expect.arrayContaining(['userId', 'serviceToken', 'serviceTokenSet']),
    );
  });

  it('shows the sign-in page and refuses bad phone numbers with 400', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/mp/api/login?from=x&requestUrl=%2F' });
    expect(start.statusCode).toBe(302);
    const auth = await t.app.inject({ method: 'GET', url: String(start.headers.location) });
    const cookie = [...start.cookies, ...auth.cookies]
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const page = await t.app.inject({
      method: 'GET',
      url: String(auth.headers.location),
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('name="phone"');
    const bad = await t.app.inject({
      method: 'POST',
      url: `${String(auth.headers.location)}/send`,
      headers: { cookie },
      payload: { phone: '12345' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('请输入正确的11位手机号');
    expect(bad.cookies.filter((c) => c.name === 'userId')).toHaveLength(0);
  });

  it('login cookie works and a swapped userId gets 401', async () => {
    const cookie = await login(t.app, '13800000007');
    const other = await login(t.app, '13800000006');
    const res = await t.app.inject({ method: 'POST', url: '/mp/api/visitIndexProbe' });
    expect(res.statusCode).toBe(404);
    const forged = cookie.replace(/userId=\d+/, `userId=${userIdOf(other)}`);
    expect(forged).not.toBe(cookie);
  });
});

describe('static app', () => {
  let db: Awaited<ReturnType<typeof openPglite>>;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
  });
  const serve = (staticDir: string) =>
    buildApp({ db, config: makeAppConfig(new Map()), secret: 'x'.repeat(32), staticDir });

  it('serves dist with history fallback, cache headers and landing pages', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dist-'));
    await mkdir(path.join(dir, 'assets'));
    await mkdir(path.join(dir, 'landing'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><p>app</p>');
    await writeFile(path.join(dir, 'assets/app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'landing/dlink.html'), '<p>dlink</p>');
    await mkdir(path.join(dir, '_documents'));
    await writeFile(path.join(dir, '_documents/luckDraw.json'), '{"route":"/luckDraw"}');
    const app = await serve(dir);
    const page = await app.inject({ method: 'GET', url: '/mp/activity/luckdrawPage/history?id=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('app');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/mp/activity/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missingAsset = await app.inject({ method: 'GET', url: '/mp/activity/assets/gone.js' });
    expect(missingAsset.statusCode).toBe(404);
    // A route's document (not hashed): revalidated each time, so a deploy is seen at once.
    const document = await app.inject({
      method: 'GET',
      url: '/mp/activity/_documents/luckDraw.json',
    });
    expect(document.statusCode).toBe(200);
    expect(JSON.parse(document.body)).toEqual({ route: '/luckDraw' });
    expect(document.headers['cache-control']).toBe('no-cache');
    expect(document.headers.etag).toBeTruthy();
    const noDocument = await app.inject({
      method: 'GET',
      url: '/mp/activity/_documents/nope.json',
    });
    expect(noDocument.statusCode).toBe(404);
    const dlink = await app.inject({ method: 'GET', url: '/activity/dlink?schema=x' });
    expect(dlink.statusCode).toBe(200);
    expect(dlink.body).toContain('dlink');
    const mipay = await app.inject({ method: 'GET', url: '/activity/dlink-mipay' });
    expect(mipay.statusCode).toBe(404);
    await app.close();
  });

  it("names a route's first-render chunks in its page, and only checked asset names", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dist-'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body><p>app</p></body></html>',
    );
    await writeFile(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({
        '/luckDraw': [
          '_documents/luckDraw.json',
          'assets/main-Ab3_x-9Z.js',
          'assets/luckDraw-a1.js',
          'assets/lucky-draw-b2.js',
          'assets/lucky-draw-c3.css',
        ],
        '/': ['assets/campaigns-d4.js'],
      }),
    );
    const app = await serve(dir);
    const page = await app.inject({ method: 'GET', url: '/mp/activity/luckDraw/?from=x' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain(
      '<link rel="modulepreload" crossorigin href="/mp/activity/assets/luckDraw-a1.js">',
    );
    // The app's own chunk is a module script: compiled as it downloads (docs/perf.md, session 9).
    expect(page.body).toContain(
      '<script type="module" crossorigin src="/mp/activity/assets/main-Ab3_x-9Z.js"></script>',
    );
    expect(page.body).not.toContain('modulepreload" crossorigin href="/mp/activity/assets/main-');
    expect(page.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/mp/activity/assets/lucky-draw-c3.css">',
    );
    // The route's document, which the app fetches by its route (issue 10): a fetch preload.
    expect(page.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/mp/activity/_documents/luckDraw.json">',
    );
    expect(page.body.indexOf('modulepreload')).toBeLessThan(page.body.indexOf('</head>'));
    const home = await app.inject({ method: 'GET', url: '/mp/activity' });
    expect(home.body).toContain('assets/campaigns-d4.js');
    // A route without an entry (the 404 page) gets the plain page.
    const unknown = await app.inject({ method: 'GET', url: '/mp/activity/nope' });
    expect(unknown.body).not.toContain('modulepreload');
    // A build written while the server runs: its page and hints are served from the next request.
    await writeFile(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({ '/luckDraw': ['assets/luckDraw-e5.js'] }),
    );
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>new</title></head><body></body></html>',
    );
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'index.html'), later, later);
    const rebuilt = await app.inject({ method: 'GET', url: '/mp/activity/luckDraw' });
    expect(rebuilt.body).toContain('<title>new</title>');
    expect(rebuilt.body).toContain('assets/luckDraw-e5.js');
    expect(rebuilt.body).not.toContain('assets/luckDraw-a1.js');
    await app.close();

    // A list that names anything but a hashed asset is not used at all.
    await writeFile(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({ '/luckDraw': ['assets/x.js"><script>alert(1)</script>'] }),
    );
    const tampered = await serve(dir);
    const safe = await tampered.inject({ method: 'GET', url: '/mp/activity/luckDraw' });
    expect(safe.statusCode).toBe(200);
    expect(safe.body).not.toContain('<script>alert');
    expect(safe.body).not.toContain('modulepreload');
    await tampered.close();

    // A document name that climbs out of the documents folder is refused the same way.
    await writeFile(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({ '/luckDraw': ['_documents/../routes.json', 'assets/luckDraw-e5.js'] }),
    );
    const climbing = await serve(dir);
    const page2 = await climbing.inject({ method: 'GET', url: '/mp/activity/luckDraw' });
    expect(page2.body).not.toContain('routes.json');
    expect(page2.body).not.toContain('modulepreload');
    await climbing.close();
  });
});
