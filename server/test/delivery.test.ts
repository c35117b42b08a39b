import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../src/build/precompress';
import type { RouteList } from '../../src/contracts/site/route-list';
import { buildApp } from '../src/app';
import { makeAppConfig } from '../src/config/app-config';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite-driver';
import { decidableOnServer, hostnameOf } from '../src/static/server-redirect';
import { createTestApp, type TestApp } from './harness';

/**
 * Delivery of the built app (issue 10, points 2 and 5): precompressed files by content
 * negotiation, caching, ETags, API compression, 404 for unknown routes (spec §2) and redirect
 * documents answered by the server (spec §2, /goldCloseBy).
 */

const PAYLOADS = '/work/shared/corpora/redirect/payloads.txt';
const APP_JS = `${'export function f(a){return a.map((x)=>x*2).filter(Boolean)}\n'.repeat(400)}`;
const INDEX_HTML = `<!doctype html><html><head><title>活动</title></head><body><main aria-busy="true"></main>${'<!-- app -->'.repeat(120)}</body></html>`;
const GOLD_CLOSE_BY: RouteList['redirects'][string] = {
  to: '/luckdrawPage',
  query: { id: '173', from: 'goldCloseBy' },
  cases: [{ when: { hostname: { startsWith: 'm.' } }, query: { id: '345' } }],
};

const ROUTES: RouteList = {
  routes: ['/', '/contract/record', '/goldCloseBy', '/luckDraw', '/luckdrawPage'],
  redirects: { '/goldCloseBy': GOLD_CLOSE_BY },
  landings: {},
};

/** A dist/ as the build writes it, optionally without some of its files. */
async function makeDist(
  options: { routes?: RouteList | null; manifest?: boolean; precompress?: boolean } = {},
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dist-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'pages/contract'), { recursive: true });
  await mkdir(path.join(dir, 'demo'));
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, 'assets/app-abc123.js'), APP_JS);
  await writeFile(path.join(dir, 'assets/tiny-def456.js'), 'export const a = 1;');
  await writeFile(path.join(dir, 'demo/banner.svg'), `<svg>${'<g/>'.repeat(400)}</svg>`);
  await writeFile(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify({ '/luckdrawPage': ['assets/app-abc123.js'] }),
  );
  if (options.routes !== null) {
    await writeFile(path.join(dir, 'routes.json'), JSON.stringify(options.routes ?? ROUTES));
  }
  if (options.manifest !== false) {
    await writeFile(path.join(dir, 'pages/luckDraw.html'), prerendered('luckDraw'));
    await writeFile(path.join(dir, 'pages/contract/record.html'), prerendered('record'));
    await writeFile(path.join(dir, 'pages/404.html'), prerendered('not found'));
    await mkdir(path.join(dir, 'pages/_logged-in'));
    await writeFile(path.join(dir, 'pages/_logged-in/luckDraw.html'), prerendered('luckDraw in'));
    await writeFile(
      path.join(dir, 'pages/manifest.json'),
      JSON.stringify({
        routes: {
          '/luckDraw': 'pages/luckDraw.html',
          '/contract/record': 'pages/contract/record.html',
        },
        loggedIn: { '/luckDraw': 'pages/_logged-in/luckDraw.html' },
        notFound: 'pages/404.html',
      }),
    );
  }
  if (options.precompress !== false) await precompressDir(dir);
  return dir;
}

function prerendered(name: string): string {
  return `<!doctype html><html><head><title>${name}</title></head><body><main>${`<p>${name}</p>`.repeat(100)}</main></body></html>`;
}

/** The body as the client reads it, whatever the encoding it came in. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

const varies = (res: { headers: Record<string, unknown> }) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

describe('delivery of the built app', () => {
  let db: Awaited<ReturnType<typeof openPglite>>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await db.close();
  });
  const serve = async (staticDir: string, now = () => new Date('2025-06-10T10:00:00+08:00')) => {
    const app = await buildApp({
      db,
      config: makeAppConfig(new Map()),
      secret: 'x'.repeat(32),
      staticDir,
      now,
    });
    apps.push(app);
    return app;
  };

  describe('compressed, cacheable files', () => {
    let app: FastifyInstance;
    let dir: string;
    beforeAll(async () => {
      dir = await makeDist();
      app = await serve(dir);
    });
    const asset = '/mp/activity/assets/app-abc123.js';

    it('sends the build’s .br or .gz by Accept-Encoding, cached for a year', async () => {
      const br = await app.inject({
        url: asset,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(Number(br.headers['content-length'])).toBe(
        (await readFile(path.join(dir, 'assets/app-abc123.js.br'))).length,
      );
      expect(decoded(br)).toBe(APP_JS);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(br)).toBe(true);

      const gz = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decoded(gz)).toBe(APP_JS);
      const notBr = await app.inject({
        url: asset,
        headers: { 'accept-encoding': 'br;q=0, gzip' },
      });
      expect(notBr.headers['content-encoding']).toBe('gzip');
    });

    it('sends the file as it is without Accept-Encoding, with identity, and to HEAD', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
        const res = await app.inject({ url: asset, headers });
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body).toBe(APP_JS);
        expect(Number(res.headers['content-length'])).toBe(APP_JS.length);
        // Still varies: a shared cache must not hand this copy to a client that takes br.
        expect(varies(res)).toBe(true);
      }
      const head = await app.inject({ method: 'HEAD', url: asset });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBeUndefined();
      expect(Number(head.headers['content-length'])).toBe(APP_JS.length);
      expect(head.body).toBe('');
    });

    it('ETags differ per encoding and answer 304', async () => {
      const br = await app.inject({ url: asset, headers: { 'accept-encoding': 'br' } });
      const plain = await app.inject({ url: asset });
      expect(br.headers.etag).toBeTruthy();
      expect(br.headers.etag).not.toBe(plain.headers.etag);
      const again = await app.inject({
        url: asset,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('leaves small files as they are (not worth compressing, at build or per request)', async () => {
      const res = await app.inject({
        url: '/mp/activity/assets/tiny-def456.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe('export const a = 1;');
    });

    it('sends other files of the build precompressed, cached for an hour', async () => {
      const res = await app.inject({
        url: '/mp/activity/demo/banner.svg',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    });
  });

  describe('HTML: no-cache with an ETag', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await serve(await makeDist());
    });

    it('sends a prerendered page from the manifest, precompressed, revalidated by ETag', async () => {
      const res = await app.inject({
        url: '/mp/activity/luckDraw?from=share',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(varies(res)).toBe(true);
      expect(decoded(res)).toBe(prerendered('luckDraw'));
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      const again = await app.inject({
        url: '/mp/activity/luckDraw',
        headers: { 'accept-encoding': 'br', 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      const nested = await app.inject({ url: '/mp/activity/contract/record/' });
      expect(nested.body).toBe(prerendered('record'));
      expect(nested.headers['content-encoding']).toBeUndefined();
    });

    // spec §4: logged in = a user id cookie plus the host family's service token (or, from the
    // web sign-in, its readable marker). Such a visitor gets the page prerendered logged in,
    // which shows no login prompt (issue 33; decision 0026, amended in session 15).
    it('sends a visitor with the login cookies the logged-in page, and says it varies by cookie', async () => {
      const page = async (cookie: string | undefined, host = 'example.com') => {
        const res = await app.inject({
          url: '/mp/activity/luckDraw',
          headers: { 'accept-encoding': 'br', host, ...(cookie ? { cookie } : {}) },
        });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
        expect(varies(res)).toBe(true);
        return { body: decoded(res), etag: String(res.headers.etag) };
      };
      const out = await page(undefined);
      expect(out.body).toBe(prerendered('luckDraw'));
      for (const cookie of [
        'userId=7; serviceTokenSet=1',
        'cUserId=7; serviceToken=abc',
        'other=1; userId=7; serviceTokenSet=1',
      ]) {
        expect((await page(cookie)).body, cookie).toBe(prerendered('luckDraw in'));
      }
      expect((await page('userId=7; serviceTokenSet=1', 'm.example.com')).body).toBe(
        prerendered('luckDraw'),
      );
      expect((await page('userId=7; mServiceTokenSet=1', 'm.example.com')).body).toBe(
        prerendered('luckDraw in'),
      );
      // Half a login is no login, and a host family's token does not count for the other.
      for (const cookie of ['userId=7', 'serviceTokenSet=1', 'userId=7; mServiceTokenSet=1']) {
        expect((await page(cookie)).body, cookie).toBe(prerendered('luckDraw'));
      }
      // Each variant revalidates against its own ETag: a cached logged-out page is not a 304.
      const inside = await page('userId=7; serviceTokenSet=1');
      expect(inside.etag).not.toBe(out.etag);
      const revalidated = await app.inject({
        url: '/mp/activity/luckDraw',
        headers: { 'if-none-match': out.etag, cookie: 'userId=7; serviceTokenSet=1' },
      });
      expect(revalidated.statusCode).toBe(200);
      // A route whose first screen is the same for both has one page, for everyone.
      const record = await app.inject({
        url: '/mp/activity/contract/record',
        headers: { cookie: 'userId=7; serviceTokenSet=1' },
      });
      expect(record.body).toBe(prerendered('record'));
    });

    it('gives the page it makes per route (index.html + hints) an ETag, compressed when asked', async () => {
      const br = await app.inject({
        url: '/mp/activity/luckdrawPage',
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(decoded(br)).toContain('assets/app-abc123.js');
      expect(br.headers['cache-control']).toBe('no-cache');
      const plain = await app.inject({ url: '/mp/activity/luckdrawPage' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(decoded(br));
      expect(varies(plain)).toBe(true);
      // One weak ETag for the page whatever its encoding.
      expect(plain.headers.etag).toMatch(/^W\/"/);
      expect(plain.headers.etag).toBe(br.headers.etag);
      const again = await app.inject({
        url: '/mp/activity/luckdrawPage',
        headers: { 'if-none-match': String(plain.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const head = await app.inject({ method: 'HEAD', url: '/mp/activity/luckdrawPage' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBeUndefined();
    });

    it('sends index.html for a route without a prerendered page or hints', async () => {
      const res = await app.inject({ url: '/mp/activity', headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(decoded(res)).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
    });
  });

  describe('unknown routes answer 404 with the 404 page (spec §2)', () => {
    it('sends the prerendered 404 page, not cached as a page', async () => {
      const app = await serve(await makeDist());
      for (const url of [
        '/mp/activity/nope',
        '/mp/activity/luckDraw/extra',
        '/mp/activity/LUCKDRAW',
        '/mp/activity/nope.js',
        '/mp/activity/pages/',
      ]) {
        const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(decoded(res), url).toBe(prerendered('not found'));
        expect(res.headers['cache-control'], url).toBe('no-cache');
        // No validator: a revalidated 404 must come back whole.
        expect(res.headers.etag, url).toBeUndefined();
      }
      const head = await app.inject({ method: 'HEAD', url: '/mp/activity/nope' });
      expect(head.statusCode).toBe(404);
      // Files of the build and every route still answer.
      for (const url of ['/mp/activity/routes.json', '/mp/activity/demo/banner.svg']) {
        expect((await app.inject({ url })).statusCode, url).toBe(200);
      }
      const asset = await app.inject({ url: '/mp/activity/assets/gone-1.js' });
      expect(asset.statusCode).toBe(404);
      expect(asset.headers['content-type']).toContain('text/plain');
      const post = await app.inject({ method: 'POST', url: '/mp/activity/nope' });
      expect(post.statusCode).toBe(404);
    });

    it("sends index.html as the 404 body without a prerendered one (the app's NotFoundScreen)", async () => {
      const app = await serve(await makeDist({ manifest: false }));
      const res = await app.inject({ url: '/mp/activity/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(INDEX_HTML);
      const known = await app.inject({ url: '/mp/activity/contract/record' });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(INDEX_HTML);
    });

    it('treats every path as a page for a build without routes.json, as before', async () => {
      const app = await serve(await makeDist({ routes: null, manifest: false }));
      const res = await app.inject({ url: '/mp/activity/anything/at/all' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    });

    it('checks the manifest like input and falls back to index.html for a page it lacks', async () => {
      const dir = await makeDist();
      await writeFile(
        path.join(dir, 'pages/manifest.json'),
        JSON.stringify({
          routes: { '/luckDraw': 'pages/gone.html', '/contract/record': '../package.json' },
          notFound: 'pages/404.html',
        }),
      );
      const app = await serve(dir);
      const tampered = await app.inject({ url: '/mp/activity/contract/record' });
      expect(tampered.statusCode).toBe(200);
      expect(tampered.body).toBe(INDEX_HTML);
      await writeFile(
        path.join(dir, 'pages/manifest.json'),
        JSON.stringify({ routes: { '/luckDraw': 'pages/gone.html' }, notFound: 'pages/404.html' }),
      );
      const missing = await app.inject({ url: '/mp/activity/luckDraw' });
      expect(missing.statusCode).toBe(200);
      expect(missing.body).toBe(INDEX_HTML);
      expect((await app.inject({ url: '/mp/activity/nope' })).body).toBe(prerendered('not found'));
    });

    it('picks up a build written while it runs: route list, manifest and index.html', async () => {
      const dir = await makeDist({ manifest: false, precompress: false });
      const app = await serve(dir);
      expect((await app.inject({ url: '/mp/activity/newPage' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/mp/activity/luckDraw' })).body).toBe(INDEX_HTML);

      // The prerender step writes its manifest after index.html and the route list.
      await writeFile(
        path.join(dir, 'routes.json'),
        JSON.stringify({ ...ROUTES, routes: [...ROUTES.routes, '/newPage'] }),
      );
      await writeFile(path.join(dir, 'pages/luckDraw.html'), prerendered('luckDraw'));
      await writeFile(path.join(dir, 'pages/404.html'), prerendered('not found'));
      await writeFile(
        path.join(dir, 'pages/manifest.json'),
        JSON.stringify({
          routes: { '/luckDraw': 'pages/luckDraw.html' },
          notFound: 'pages/404.html',
        }),
      );
      const later = new Date(Date.now() + 60_000);
      for (const file of ['routes.json', 'pages/manifest.json']) {
        await utimes(path.join(dir, file), later, later);
      }
      expect((await app.inject({ url: '/mp/activity/newPage' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/mp/activity/luckDraw' })).body).toBe(
        prerendered('luckDraw'),
      );
      const gone = await app.inject({ url: '/mp/activity/nope' });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toBe(prerendered('not found'));
    });
  });

  describe('a landing alias answers 302 to its landing page with the query (spec §2, /dlink)', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const routes: RouteList = {
        routes: [...ROUTES.routes, '/dlink', '/dlinkPay'],
        redirects: ROUTES.redirects,
        landings: { '/dlink': 'dlink', '/dlinkPay': 'dlink-mipay' },
      };
      app = await serve(await makeDist({ routes }));
    });

    it('sends /mp/activity/dlink to /activity/dlink, query untouched, never off-site', async () => {
      const schema = encodeURIComponent('miwallet://home?a=1');
      const res = await app.inject({ url: `/mp/activity/dlink?schema=${schema}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/activity/dlink?schema=${schema}`);
      expect(res.headers['cache-control']).toBe('no-cache');
      const pay = await app.inject({
        url: '/mp/activity/dlinkPay?schema=mipay%3A%2F%2Fx&timeout=500&limitApp=mipay',
      });
      expect(pay.headers.location).toBe(
        '/activity/dlink-mipay?schema=mipay%3A%2F%2Fx&timeout=500&limitApp=mipay',
      );
      for (const query of ['//evil.example', '@evil.example/', 'schema=https://evil.example']) {
        const hostile = await app.inject({ url: `/mp/activity/dlink?${query}` });
        const location = String(hostile.headers.location);
        expect(location.startsWith('/activity/dlink?')).toBe(true);
        expect(new URL(location, 'https://own.example').origin).toBe('https://own.example');
      }
      expect((await app.inject({ url: '/mp/activity/dlink' })).headers.location).toBe(
        '/activity/dlink',
      );
    });
  });

  describe('redirect documents answer 302 where the server can decide (spec §2, /goldCloseBy)', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const routes: RouteList = {
        routes: [...ROUTES.routes, '/byApp', '/byQuery', '/byDate', '/mixed', '/plain'],
        redirects: {
          '/goldCloseBy': GOLD_CLOSE_BY,
          // The host app is known only in the browser: the client page decides.
          '/byApp': { to: '/luckDraw', cases: [{ when: { host: ['wechat'] }, query: { a: '1' } }] },
          '/byQuery': {
            to: '/luckDraw',
            query: { from: 'q' },
            cases: [{ when: { query: { name: 'channel', equals: 'sms' } }, query: { c: 'sms' } }],
          },
          '/byDate': {
            to: '/luckDraw',
            cases: [
              { when: { date: { from: '2025-06-01T00:00:00+08:00' } }, query: { phase: '2' } },
            ],
          },
          '/mixed': {
            to: '/luckDraw',
            cases: [
              {
                when: { any: [{ hostname: { equals: 'a.example' } }, { loggedIn: true }] },
                query: { x: '1' },
              },
            ],
          },
          '/plain': { to: '/' },
        },
        landings: {},
      };
      app = await serve(await makeDist({ routes }));
    });

    it('sends goldCloseBy to the lucky-draw page with the id its host name picks', async () => {
      const m = await app.inject({
        url: '/mp/activity/goldCloseBy',
        headers: { host: 'm.example.com' },
      });
      expect(m.statusCode).toBe(302);
      expect(m.headers.location).toBe('/mp/activity/luckdrawPage?id=345&from=goldCloseBy');
      expect(m.headers['cache-control']).toBe('no-cache');
      const www = await app.inject({
        url: '/mp/activity/goldCloseBy/',
        headers: { host: 'www.example.com:8080' },
      });
      expect(www.headers.location).toBe('/mp/activity/luckdrawPage?id=173&from=goldCloseBy');
      const head = await app.inject({
        method: 'HEAD',
        url: '/mp/activity/goldCloseBy',
        headers: { host: 'm.example.com' },
      });
      expect(head.statusCode).toBe(302);
    });

    it('reads the incoming query only in conditions and does not carry it over, as the client', async () => {
      const res = await app.inject({
        url: '/mp/activity/goldCloseBy?id=999&from=evil&vconsole=true',
        headers: { host: 'm.example.com' },
      });
      expect(res.headers.location).toBe('/mp/activity/luckdrawPage?id=345&from=goldCloseBy');
      const sms = await app.inject({ url: '/mp/activity/byQuery?channel=sms' });
      expect(sms.headers.location).toBe('/mp/activity/luckDraw?from=q&c=sms');
      const other = await app.inject({ url: '/mp/activity/byQuery?channel=web' });
      expect(other.headers.location).toBe('/mp/activity/luckDraw?from=q');
      const home = await app.inject({ url: '/mp/activity/plain' });
      expect(home.headers.location).toBe('/mp/activity/');
    });

    it("decides a date condition by the server's clock", async () => {
      const res = await app.inject({ url: '/mp/activity/byDate' });
      expect(res.headers.location).toBe('/mp/activity/luckDraw?phase=2');
    });

    it('decides the host app when the user agent names it, and says the answer varies by agent', async () => {
      const android =
        'Mozilla/5.0 (Linux; Android 14; 23127PN0CC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
      const wechat = await app.inject({
        url: '/mp/activity/byApp',
        headers: { 'user-agent': `${android} MicroMessenger/8.0.46.2540(0x28002E3C) WeChat/arm64` },
      });
      expect(wechat.statusCode).toBe(302);
      expect(wechat.headers.location).toBe('/mp/activity/luckDraw?a=1');
      expect(wechat.headers.vary).toMatch(/User-Agent/i);
      // The wallet app's token: not WeChat, whatever a bridge may say (the token wins).
      const wallet = await app.inject({
        url: '/mp/activity/byApp',
        headers: { 'user-agent': `${android} MiWallet/6.80.0` },
      });
      expect(wallet.statusCode).toBe(302);
      expect(wallet.headers.location).toBe('/mp/activity/luckDraw');
      // A user agent that names no app: a bridge may still name one, which only the page sees.
      const plain = await app.inject({
        url: '/mp/activity/byApp',
        headers: { 'user-agent': android },
      });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers.vary).toMatch(/User-Agent/i);
    });

    it('leaves to the client page what only the browser knows', async () => {
      for (const url of ['/mp/activity/byApp', '/mp/activity/mixed']) {
        const res = await app.inject({ url, headers: { host: 'a.example' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(INDEX_HTML);
      }
    });

    it.runIf(existsSync(PAYLOADS))(
      'keeps the Location under /mp/activity/ whatever the Host header and query say',
      async () => {
        const payloads = readFileSync(PAYLOADS, 'utf8').split('\n').filter(Boolean);
        expect(payloads.length).toBeGreaterThan(100);
        const origin = 'http://ours.example';
        let checked = 0;
        for (const payload of payloads) {
          const attempts = [
            {
              url: `/mp/activity/goldCloseBy?id=${encodeURIComponent(payload)}&from=${encodeURIComponent(payload)}`,
            },
            { url: `/mp/activity/byQuery?channel=sms&to=${encodeURIComponent(payload)}` },
          ];
          // Header values must be visible ASCII; the rest cannot reach a server as a Host.
          if (/^[\x21-\x7e]+$/.test(payload)) {
            attempts.push({ url: '/mp/activity/goldCloseBy', host: payload } as {
              url: string;
              host: string;
            });
          }
          for (const attempt of attempts) {
            const host = 'host' in attempt ? String(attempt.host) : 'm.example.com';
            const res = await app.inject({ url: attempt.url, headers: { host } });
            if (res.statusCode !== 302) {
              expect(res.statusCode).toBe(200);
              continue;
            }
            const location = String(res.headers.location);
            expect(location, payload).toMatch(/^\/mp\/activity\/[A-Za-z0-9/_-]*(\?[^\s\\]*)?$/);
            expect(new URL(location, origin).origin, payload).toBe(origin);
            expect(location, payload).not.toContain(payload.length > 3 ? payload : '\0');
            checked += 1;
          }
        }
        expect(checked).toBeGreaterThan(payloads.length);
      },
    );
  });

  describe('server-side conditions', () => {
    it('are decidable only on host name, query and time, combined or not', () => {
      expect(decidableOnServer({ hostname: { startsWith: 'm.' } })).toBe(true);
      expect(
        decidableOnServer({
          all: [{ query: { name: 'a' } }, { not: { date: { until: '2030-01-01' } } }],
        }),
      ).toBe(true);
      expect(decidableOnServer({ loggedIn: false })).toBe(false);
      expect(decidableOnServer({ not: { appVersion: { min: '8.0' } } })).toBe(false);
      expect(
        decidableOnServer({ any: [{ hostname: { equals: 'x' } }, { data: { path: 'user.id' } }] }),
      ).toBe(false);
    });

    it('read the host name as the browser does, or not at all', () => {
      expect(hostnameOf('M.Example.COM:8080')).toBe('m.example.com');
      expect(hostnameOf('[::1]:8111')).toBe('[::1]');
      expect(hostnameOf(undefined)).toBeNull();
      expect(hostnameOf('m.evil.com/@ours.example')).toBeNull();
      expect(hostnameOf('evil.com\\@m.ours')).toBeNull();
    });
  });
});

describe('API JSON compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const config = (code: string) =>
    `/mp/api/configActivity/getSingleConfigActivity4c?activityCode=${code}`;

  it('compresses a body of 1 KiB or more by Accept-Encoding, and says it varies', async () => {
    const plain = await t.app.inject({ url: config('demo-luckdraw') });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toBe(true);
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({
        url: config('demo-luckdraw'),
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(res))).toEqual(JSON.parse(plain.body));
      expect(varies(res)).toBe(true);
    }
  });

  it('reads request bodies as before: no decoding by Content-Encoding', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mp/api/logout',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-encoding': 'x-unknown',
      },
      payload: 'requestUrl=%2Fmp%2Factivity%2F',
    });
    expect(res.statusCode).toBe(302);
  });

  it('leaves a small body as it is', async () => {
    const res = await t.app.inject({ url: '/mp/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res)).toBe(false);
  });
});
