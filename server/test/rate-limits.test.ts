import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCatalogue } from '../../src/services/api/catalogue';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const CODE = 'demo-luckdraw';

/** Every draw, claim, vote and upload call of the campaign families, with valid parameters. */
const LIMITED: readonly { method: 'GET' | 'POST'; url: string; params: Record<string, string> }[] =
  [
    ...['luckDraw', 'goldRichDraw', 'useMultCard', 'coinWithDraw', 'redPacketWithDraw'].map(
      (c) => ({
        method: 'GET' as const,
        url: `/mp/api/generalActivity/${c}`,
        params: { amount: '100' },
      }),
    ),
    { method: 'GET', url: '/mp/api/generalActivity/convertGoldRich', params: {} },
    ...['luckDraw', 'flashLuckDraw', 'convertGoldRich', 'batchDrawGoldRice'].map((c) => ({
      method: 'POST' as const,
      url: `/mp/api/generalActivity/${c}`,
      params: {},
    })),
    {
      method: 'POST',
      url: '/mp/api/generalActivity/drawGoldRice',
      params: { bubbleId: 'b-welcome' },
    },
    { method: 'GET', url: '/mp/api/banker/luckyDraw/addChance', params: {} },
    { method: 'POST', url: '/mp/api/youkuActivity/youkuUserDraw', params: {} },
    { method: 'POST', url: '/mp/api/tongchengActivity/saveTongchengUserDraw', params: {} },
    ...['send', 'q2send', 'q3send', 'q4send', 'q5send'].map((c) => ({
      method: 'POST' as const,
      url: `/mp/api/newPhone/${c}`,
      params: {},
    })),
    {
      method: 'POST',
      url: '/mp/api/generalActivityCoupon/drawCoupon',
      params: { couponId: 'c-10-off' },
    },
    { method: 'POST', url: '/mp/api/configActivity/sendCoupon', params: { couponId: 'c-10-off' } },
    { method: 'POST', url: '/mp/api/newProduct/vote', params: { productId: 'color-black' } },
    { method: 'GET', url: '/mp/api/newProduct/vote', params: { productId: 'color-black' } },
    { method: 'POST', url: '/mp/api/video/addVideoGuide', params: { title: 't', videoUrl: 'x' } },
    { method: 'POST', url: '/mp/api/video/likeVideoPlayerGuide', params: { guideId: '1' } },
    { method: 'POST', url: '/mp/api/file/uploadImage', params: { image: 'iVBORw0KGgo=' } },
    { method: 'GET', url: '/mp/api/file/generatePreSignedUri', params: {} },
  ];

const TABLES = [
  'draws',
  'user_coupons',
  'votes',
  'uploads',
  'upload_tickets',
  'video_guides',
  'video_guide_likes',
  'gold_rice_ledger',
  'chance_ledger',
  'gold_rice_withdrawals',
  'mult_card_uses',
  'idempotency_requests',
];

describe('rate limits of the campaign families', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // An empty bucket: every limited call must be refused before doing anything.
    t = await createTestApp({ config: { rateLimit: { capacity: 0, refillPerSecond: 0 } } });
    cookie = await login(t.app);
    await t.db.query(
      `INSERT INTO user_chances (user_id, activity_code, balance) VALUES ($1, $2, 5)`,
      [userIdOf(cookie), CODE],
    );
  });
  afterAll(() => t.close());

  it.each(LIMITED)(
    '$method $url answers 429 and consumes nothing',
    async ({ method, url, params }) => {
      const query = new URLSearchParams({ activityCode: CODE, ...params }).toString();
      const res =
        method === 'GET'
          ? await t.app.inject({
              method,
              url: `${url}?${query}`,
              headers: { cookie, 'Idempotency-Key': 'rate-limit-1' },
            })
          : await t.app.inject({
              method,
              url,
              payload: { activityCode: CODE, ...params },
              headers: { cookie },
            });
      expect(res.statusCode).toBe(429);
      expect(body(res).code).toBe(429);
      for (const table of TABLES) {
        expect((await t.db.query(`SELECT 1 FROM ${table}`)).rowCount, table).toBe(0);
      }
      const balance = await t.db.query<{ balance: number }>('SELECT balance FROM user_chances');
      expect(balance.rows[0]?.balance).toBe(5);
    },
  );

  it('answers every catalogue call of these families (no 404, no 500)', async () => {
    const families = [
      /generalActivity\/(getRemainChance|luckDraw|flashLuckDraw|goldRichDraw|myPrize|prizeStock|prizeUserCount|chanceFlow|useMultCard|getFlashDrawByConfigActivityId4C|getPrizeStatus|getPrizeStatusV2|unpaidPrizeCount|showPrizeListHistory|rotaryNews|rotaryNewsTop|queryUserGoldRichSum|drawGoldRice|batchDrawGoldRice|convertGoldRich|getUnReceivedGoldRiceList|coinInfo|coinWithDraw|redPacketWithDraw|getUserVideoExpireGold|getVideoRank)$/,
      /^\/mp\/api\/(generalActivityCoupon|newProduct|video|file|banker\/luckyDraw|youkuActivity|tongchengActivity|newPhone)\//,
      /configActivity\/(couponUserInfo|sendCoupon)$/,
    ];
    const entries = apiCatalogue.filter(
      (e) => families.some((f) => f.test(e.path)) && !e.path.includes('/video/vip/'),
    );
    expect(entries.length).toBeGreaterThan(50);
    for (const e of entries) {
      const res =
        e.method === 'GET'
          ? await t.app.inject({
              method: 'GET',
              url: `${e.path}?activityCode=${CODE}`,
              headers: { cookie },
            })
          : await t.app.inject({
              method: 'POST',
              url: e.path,
              payload: { activityCode: CODE },
              headers: { cookie },
            });
      expect([200, 400, 403, 409, 429], `${e.method} ${e.path}`).toContain(res.statusCode);
    }
  });
});
