import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

/**
 * Review of user videos (issue 32 item 2): the upload page promises "审核通过后展示", so a guide
 * is pending until an operator approves it; only approved guides reach galleries, ranks and
 * likes; the submitter sees their pending and rejected guides with the reason; every decision
 * is logged with who and when; of two operators deciding at once, one wins and the other gets
 * a 409. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (real concurrent sessions).
 */
const V = '/mp/api/video';
const OPS = '/mp/api/ops/videoGuide';
const CODE = 'demo-luckdraw';
const A = `activityCode=${CODE}`;
const TOKEN = 'ops-review-token-0123456789';
const BEARER = { authorization: `Bearer ${TOKEN}` };
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 20]),
  Buffer.from('ftypisom\0\0\x02\0isom', 'latin1'),
  Buffer.from([0, 0, 0, 72]),
  Buffer.from('mdat', 'latin1'),
  Buffer.alloc(64),
]);

interface Mine {
  guideId: number;
  title: string;
  status: string;
  rejectReason: string | null;
}
type Listed = { guideId: number; title: string }[];

const CAROL_TOKEN = 'carol-operator-token-0001';

describe('video guide review (routes/ops-video-review.ts)', () => {
  let t: TestApp;
  let author: string;
  let viewer: string;
  const get = (url: string, c: string | null, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(c ? { cookie: c } : {}), ...headers } });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const submit = async (title: string, by?: string) => {
    const who = by ?? author;
    const ticket = body<{ uploadUrl: string }>(
      await get('/mp/api/file/generatePreSignedUri?kind=video', who),
    ).result.uploadUrl;
    const put = await t.app.inject({
      method: 'PUT',
      url: ticket,
      payload: MP4,
      headers: { 'content-type': 'application/octet-stream' },
    });
    const videoUrl = body<{ url: string }>(put).result.url;
    const res = await post(
      `${V}/addVideoGuide`,
      { activityCode: CODE, title, videoUrl },
      { cookie: who },
    );
    expect(res.statusCode).toBe(200);
    return body<{ guideId: number }>(res).result.guideId;
  };
  const gallery = async (c: string | null) =>
    body<{ list: Listed }>(await get(`${V}/getVideoPlayerGuide?${A}`, c)).result.list;
  const rank = async (c: string | null) =>
    body<{ list: Listed }>(await get(`/mp/api/generalActivity/getVideoRank?${A}`, c)).result.list;
  const mine = async () =>
    body<{ list: Mine[] }>(await get(`${V}/getMyVideoGuide?${A}`, author)).result.list;
  const approve = (guideId: number, operator = 'alice') =>
    post(`${OPS}/approve`, { guideId, operator }, BEARER);
  const reject = (guideId: number, reason: string, operator = 'bob') =>
    post(`${OPS}/reject`, { guideId, operator, reason }, BEARER);

  let pendingId = 0;
  let approvedId = 0;
  let rejectedId = 0;

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        opsToken: TOKEN,
        operators: [{ name: 'carol', token: CAROL_TOKEN }],
        rateLimit: { capacity: 1000, refillPerSecond: 100 },
      },
      poolSize: 8,
    });
    author = await login(t.app, '13700000071');
    viewer = await login(t.app, '13700000072');
    pendingId = await submit('Pending guide');
    approvedId = await submit('Approved guide');
    rejectedId = await submit('Rejected guide');
  });
  afterAll(() => t.close());

  it('keeps a new guide out of every gallery, rank and like until it is approved', async () => {
    for (const who of [viewer, author, null]) {
      expect(await gallery(who)).toEqual([]);
      expect(await rank(who)).toEqual([]);
    }
    const like = await post(
      `${V}/likeVideoPlayerGuide`,
      { activityCode: CODE, guideId: pendingId },
      { cookie: viewer },
    );
    expect(like.statusCode).toBe(400);
    expect((await mine()).map((g) => [g.title, g.status, g.rejectReason])).toEqual([
      ['Rejected guide', 'pending', null],
      ['Approved guide', 'pending', null],
      ['Pending guide', 'pending', null],
    ]);
  });

  it('answers the operator routes only to a bearer of OPS_TOKEN (404 otherwise)', async () => {
    expect((await get(`${OPS}/queue`, null)).statusCode).toBe(404);
    expect((await get(`${OPS}/queue`, viewer)).statusCode).toBe(404);
    expect((await get(`${OPS}/queue`, null, { authorization: 'Bearer wrong' })).statusCode).toBe(
      404,
    );
    const res = await post(
      `${OPS}/approve`,
      { guideId: pendingId, operator: 'eve' },
      {
        cookie: viewer,
      },
    );
    expect(res.statusCode).toBe(404);
    const queue = body<{ pending: number; list: { guideId: number; author: string }[] }>(
      await get(`${OPS}/queue?${A}`, null, BEARER),
    ).result;
    expect(queue.pending).toBe(3);
    expect(queue.list.map((g) => g.guideId)).toEqual([pendingId, approvedId, rejectedId]);
  });

  it('refuses a rejection without a reason and a decision without an operator', async () => {
    expect((await reject(rejectedId, '   ')).statusCode).toBe(400);
    expect(
      (await post(`${OPS}/reject`, { guideId: rejectedId, operator: 'bob' }, BEARER)).statusCode,
    ).toBe(400);
    expect((await post(`${OPS}/approve`, { guideId: approvedId }, BEARER)).statusCode).toBe(400);
    expect((await approve(999999)).statusCode).toBe(400);
    expect((await mine()).every((g) => g.status === 'pending')).toBe(true);
  });

  it('shows an approved guide to everyone and records who decided when', async () => {
    t.setNow('2025-06-10T11:30:00+08:00');
    const res = await approve(approvedId);
    expect(res.statusCode).toBe(200);
    expect(body(res).result).toEqual({
      guideId: approvedId,
      status: 'approved',
      reason: null,
      operator: 'alice',
      decidedAt: new Date('2025-06-10T11:30:00+08:00').getTime(),
    });
    expect((await gallery(viewer)).map((g) => g.guideId)).toEqual([approvedId]);
    expect((await gallery(null)).map((g) => g.guideId)).toEqual([approvedId]);
    expect((await rank(viewer)).map((g) => g.guideId)).toEqual([approvedId]);
    const like = await post(
      `${V}/likeVideoPlayerGuide`,
      { activityCode: CODE, guideId: approvedId },
      { cookie: viewer },
    );
    expect(like.statusCode).toBe(200);
  });

  it('never shows a rejected guide; its submitter reads the reason', async () => {
    const res = await reject(rejectedId, '视频含有广告内容');
    expect(res.statusCode).toBe(200);
    expect(body(res).result).toMatchObject({ status: 'rejected', operator: 'bob' });
    expect((await gallery(viewer)).map((g) => g.guideId)).toEqual([approvedId]);
    expect((await rank(null)).map((g) => g.guideId)).toEqual([approvedId]);
    const own = await mine();
    expect(own.find((g) => g.guideId === rejectedId)).toMatchObject({
      status: 'rejected',
      rejectReason: '视频含有广告内容',
    });
    expect(own.find((g) => g.guideId === pendingId)).toMatchObject({
      status: 'pending',
      rejectReason: null,
    });
    const log = await t.db.query<{ guide_id: string; decision: string; operator: string }>(
      'SELECT guide_id::text, decision, operator FROM video_guide_reviews ORDER BY decided_at, guide_id',
    );
    expect(log.rows).toEqual([
      { guide_id: String(approvedId), decision: 'approved', operator: 'alice' },
      { guide_id: String(rejectedId), decision: 'rejected', operator: 'bob' },
    ]);
    const queue = body<{ pending: number; list: { guideId: number }[] }>(
      await get(`${OPS}/queue`, null, BEARER),
    ).result;
    expect(queue.list.map((g) => g.guideId)).toEqual([pendingId]);
  });

  it('lets one of two operators deciding at once win; the other gets a clear 409', async () => {
    const answers = await Promise.all([
      approve(pendingId, 'carol'),
      reject(pendingId, '画面模糊', 'dave'),
      approve(pendingId, 'erin'),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const winner = answers.find((r) => r.statusCode === 200);
    const won = body<{ status: string; operator: string }>(winner ?? { body: '{}' }).result;
    for (const lost of answers.filter((r) => r.statusCode === 409)) {
      expect(body(lost)).toMatchObject({ error: 'ALREADY_REVIEWED' });
      expect(body(lost).msg).toContain(`already ${won.status} by ${won.operator}`);
    }
    const log = await t.db.query('SELECT 1 FROM video_guide_reviews WHERE guide_id = $1', [
      String(pendingId),
    ]);
    expect(log.rowCount).toBe(1);
    // A decided guide stays decided: a later decision is a conflict too.
    expect((await approve(rejectedId)).statusCode).toBe(409);
    expect((await mine()).find((g) => g.guideId === rejectedId)?.status).toBe('rejected');
  });

  it('records the operator a named token proves, not the name typed (OPS_OPERATORS)', async () => {
    const guideId = await submit('Reviewed by a named operator', viewer);
    const res = await post(
      `${OPS}/approve`,
      { guideId, operator: 'mallory' },
      { authorization: `Bearer ${CAROL_TOKEN}` },
    );
    expect(body(res).result).toMatchObject({ guideId, status: 'approved', operator: 'carol' });
  });
});
