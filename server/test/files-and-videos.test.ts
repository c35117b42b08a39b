import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MAX_BYTES } from '../src/domain/file-store';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const F = '/mp/api/file';
const V = '/mp/api/video';
const CODE = 'demo-luckdraw';
const A = `activityCode=${CODE}`;
const OPS_TOKEN = 'ops-token-files-and-videos';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
/** An ISO BMFF box: 32-bit size, type, payload. */
const box = (type: string, payload: Buffer) => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
};
const FTYP = box('ftyp', Buffer.from('isom\0\0\x02\0isom', 'latin1'));
const MP4 = Buffer.concat([FTYP, box('mdat', Buffer.alloc(64))]);
/** EBML header (DocType webm) and a Segment of 64 bytes (RFC 8794 vints). */
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | (3 + docType.length), 0x42, 0x82]),
    Buffer.from([0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x80 | 64]),
    Buffer.alloc(64),
  ]);
const WEBM = ebml('webm');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

// Both storage backends (domain/file-storage.ts): the node's folder and PostgreSQL large objects.
describe.each(['disk', 'postgres'] as const)('files and video guides (%s storage)', (storage) => {
  let t: TestApp;
  let cookie: string;
  let dir: string;
  /** Files held by the storage backend. */
  const stored = async () =>
    storage === 'disk'
      ? (await readdir(dir)).length
      : ((await t.db.query('SELECT 1 FROM upload_blobs')).rowCount ?? 0);
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
    // Many uploads in one file: the upload rate limit has its own test (rate-limits.test.ts).
    t = await createTestApp({
      config: {
        rateLimit: { capacity: 1000, refillPerSecond: 100 },
        uploads: { storage, dir },
        opsToken: OPS_TOKEN,
      },
    });
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
    expect(await stored()).toBe(1);
  });

  it('refuses SVG, disguised and oversized images with a clear 4xx and stores nothing', async () => {
    const before = await stored();
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
    expect(await stored()).toBe(before);
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

  it('refuses a file that only starts like a video: its container must hold together', async () => {
    const before = await stored();
    const fakes = {
      'ftyp then HTML': Buffer.concat([
        FTYP,
        Buffer.from('<html><script>alert(1)</script></html>'),
      ]),
      'ftyp alone, no media': FTYP,
      'a box past the end': Buffer.concat([FTYP, box('mdat', Buffer.alloc(64)).subarray(0, 40)]),
      'an unprintable box type': Buffer.concat([FTYP, Buffer.from([0, 0, 0, 8, 0, 1, 2, 3])]),
      'Matroska, not WebM': ebml('matroska'),
      'EBML header then HTML': Buffer.concat([
        ebml('webm').subarray(0, 12),
        Buffer.from('<html></html>'),
      ]),
    };
    for (const [what, bytes] of Object.entries(fakes)) {
      const res = await put(await ticket(), bytes, 'video/mp4');
      expect(res.statusCode, what).toBe(400);
    }
    expect(await stored()).toBe(before);
  });

  it('streams a raw upload with a size limit: over 50 MB is 413 and nothing is kept', async () => {
    const before = await stored();
    const huge = Buffer.concat([MP4, Buffer.alloc(VIDEO_MAX_BYTES)]);
    const res = await put(await ticket(), huge);
    expect(res.statusCode).toBe(413);
    expect(await stored()).toBe(before);
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
    // Only approved guides are listed and liked (issue 32, video-review.test.ts): approve them.
    const mine = body<{ list: { guideId: number }[] }>(await get(`${V}/getMyVideoGuide?${A}`));
    for (const g of mine.result.list) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/mp/api/ops/videoGuide/approve',
        payload: { guideId: g.guideId, operator: 'test' },
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
    }
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
