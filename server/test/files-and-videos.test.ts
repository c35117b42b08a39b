import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const F = '/mp/api/file';
const V = '/mp/api/video';
const CODE = 'demo-luckdraw';
const A = `activityCode=${CODE}`;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.alloc(64),
]);
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  Buffer.from('....B\x82\x84webm'),
  Buffer.alloc(64),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('files and video guides', () => {
  let t: TestApp;
  let cookie: string;
  let dir: string;
  const get = (url: string, c = cookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: c } });
  const post = (url: string, payload: object, c = cookie) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: c } });
  const uploadImage = (bytes: Buffer, c = cookie, prefix = 'data:image/png;base64,') =>
    post(`${F}/uploadImage`, { image: prefix + bytes.toString('base64') }, c);
  const ticket = async (kind = 'video', c = cookie) =>
    body<{ uploadUrl: string }>(await get(`${F}/generatePreSignedUri?kind=${kind}`, c)).result
      .uploadUrl;
  const put = (url: string, bytes: Buffer, contentType = 'application/octet-stream') =>
    t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': contentType } });
  const video = async (c = cookie) =>
    body<{ url: string }>(await put(await ticket('video', c), MP4)).result.url;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    process.env.UPLOAD_DIR = dir;
    // Many uploads in one file: the upload rate limit has its own test (rate-limits.test.ts).
    t = await createTestApp({ config: { rateLimit: { capacity: 1000, refillPerSecond: 100 } } });
    cookie = await login(t.app);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a base64 image and serves it with safe headers', async () => {
    const res = await uploadImage(PNG);
    expect(res.statusCode).toBe(200);
    const { url, mime } = body<{ url: string; mime: string }>(res).result;
    expect(mime).toBe('image/png');
    expect(url).toMatch(/^\/mp\/api\/file\/object\/[0-9a-f]{32}\.png$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f]{32}\.png"$/);
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect((await readdir(dir)).length).toBe(1);
  });

  it('refuses SVG, disguised and oversized images with a clear 4xx and stores nothing', async () => {
    const before = (await readdir(dir)).length;
    const cases = [
      await uploadImage(SVG, cookie, 'data:image/svg+xml;base64,'),
      await uploadImage(Buffer.from('<html><script>x</script></html>'.padEnd(40))),
      await post(`${F}/uploadImage`, { image: 'not base64 !!' }),
      await post(`${F}/uploadImage`, {}),
      await uploadImage(MP4),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toMatch(/image|base64|required|expected/i);
    }
    const big = await uploadImage(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect((await readdir(dir)).length).toBe(before);
    expect(
      (await t.app.inject({ method: 'GET', url: `${F}/object/..%2F..%2Fetc%2Fpasswd` })).statusCode,
    ).toBe(404);
  });

  it('takes one upload per signed link, raw or multipart, video by magic bytes', async () => {
    const url = await ticket();
    const bad = await put(url, SVG, 'video/mp4');
    expect(bad.statusCode).toBe(400);
    const first = await put(url, MP4, 'image/png');
    expect(body<{ mime: string }>(first).result.mime).toBe('video/mp4');
    expect((await put(url, MP4)).statusCode).toBe(403);
    const { url: stored } = body<{ url: string }>(first).result;
    const part = await t.app.inject({
      method: 'GET',
      url: stored,
      headers: { range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    const beyond = await t.app.inject({
      method: 'GET',
      url: stored,
      headers: { range: 'bytes=999-' },
    });
    expect(beyond.statusCode).toBe(416);
    const tampered = (await ticket()).replace(/sig=.{4}/, 'sig=AAAA');
    expect((await put(tampered, MP4)).statusCode).toBe(403);
    const form = Buffer.concat([
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.webm"\r\n'),
      Buffer.from('Content-Type: text/html\r\n\r\n'),
      WEBM,
      Buffer.from('\r\n--XyZ--\r\n'),
    ]);
    const multi = await t.app.inject({
      method: 'POST',
      url: await ticket(),
      payload: form,
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    });
    expect(body<{ mime: string }>(multi).result.mime).toBe('video/webm');
    expect((await put(await ticket('image'), MP4)).statusCode).toBe(400);
    const late = await ticket();
    t.setNow('2025-06-10T11:00:00+08:00');
    expect((await put(late, MP4)).statusCode).toBe(403);
    t.setNow('2025-06-10T10:00:00+08:00');
  });

  it('submits guides up to the daily limit, only with own uploads', async () => {
    const other = await login(t.app, '13700000061');
    const foreign = await video(other);
    const refused = [
      await post(`${V}/addVideoGuide`, { activityCode: CODE, title: 'x', videoUrl: foreign }),
      await post(`${V}/addVideoGuide`, {
        activityCode: CODE,
        title: 'x',
        videoUrl: 'javascript:alert(1)',
      }),
      await post(`${V}/addVideoGuide`, { activityCode: CODE, title: '', videoUrl: await video() }),
    ];
    for (const res of refused) expect(res.statusCode).toBe(400);
    const cover = body<{ url: string }>(await uploadImage(PNG)).result.url;
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(`${V}/addVideoGuide`, {
        activityCode: CODE,
        title: `Guide ${i}`,
        videoUrl: await video(),
        coverUrl: cover,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 409]);
    expect(body(await get(`${V}/getTodayVideoSubmitNum?${A}`)).result).toEqual({
      num: 3,
      limit: 3,
      left: 0,
    });
    const mine = body<{ list: { title: string; coverUrl: string }[] }>(
      await get(`${V}/getMyVideoGuide?${A}`),
    );
    expect(mine.result.list.map((g) => g.title)).toEqual(['Guide 2', 'Guide 1', 'Guide 0']);
    expect(mine.result.list[0]?.coverUrl).toBe(cover);
  });

  it('counts a like once per user, also when sent concurrently, and ranks by likes', async () => {
    const list = body<{ list: { guideId: number }[] }>(
      await get(`${V}/getVideoPlayerGuide?${A}`, ''),
    );
    const id = list.result.list[1]?.guideId ?? 0;
    const fan = await login(t.app, '13700000062');
    const likes = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(`${V}/likeVideoPlayerGuide`, { activityCode: CODE, guideId: id }, fan),
      ),
    );
    expect(likes.filter((r) => body<{ firstTime: boolean }>(r).result.firstTime)).toHaveLength(1);
    const rank = body<{ list: { guideId: number; likeCount: number; author: string }[] }>(
      await get(`/mp/api/generalActivity/getVideoRank?${A}`, ''),
    );
    expect(rank.result.list[0]).toMatchObject({ guideId: id, likeCount: 1 });
    expect(rank.result.list[0]?.author).toContain('***');
    expect(
      (await post(`${V}/likeVideoPlayerGuide`, { activityCode: CODE, guideId: 999999 })).statusCode,
    ).toBe(400);
    expect(
      (await post(`${V}/likeVideoPlayerGuide`, { activityCode: CODE, guideId: 'x' })).statusCode,
    ).toBe(400);
  });
});
