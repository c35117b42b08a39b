import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const A = { activityCode: 'demo-luckdraw' };

/** Every state-changing benefit call that pays or creates something, with valid parameters. */
const LIMITED = [
  { method: 'GET', url: '/mp/api/generalActivity/completeCalendarRemind', params: A },
  { method: 'GET', url: '/mp/api/video/vip/pay', params: { ...A, goodsId: 'vip-month' } },
  { method: 'GET', url: '/mp/api/video/vip/payV2', params: { ...A, goodsId: 'vip-month' } },
  {
    method: 'POST',
    url: '/mp/api/installment/addCreditRecord',
    params: { ...A, productId: 'phone-12', amount: 100_000, term: 12 },
  },
  {
    method: 'POST',
    url: '/mp/api/leads/save',
    params: { ...A, name: 'Ann', phone: '13800000009' },
  },
  { method: 'POST', url: '/mp/api/traffic/jdComplete', params: A },
  { method: 'POST', url: '/mp/api/qqMusicActivity/addFreeModeWhitelist', params: A },
  {
    method: 'POST',
    url: '/mp/api/qqMusicActivity/finishMusicTask',
    params: { ...A, taskId: 'listen-3' },
  },
] as const;

const TABLES = [
  'calendar_remind_returns',
  'video_vip_orders',
  'installment_credit_records',
  'installment_totals',
  'leads',
  'traffic_completions',
  'music_free_mode',
  'music_task_finishes',
  'chance_ledger',
  'gold_rice_ledger',
  'idempotency_requests',
];

describe('rate limits of the benefit families', () => {
  let t: TestApp;
  let cookie: string;
  let c: ReturnType<typeof caller>;
  beforeAll(async () => {
    // An empty bucket: every limited call must be refused before doing anything.
    t = await createTestApp({ config: { rateLimit: { capacity: 0, refillPerSecond: 0 } } });
    c = caller(t);
    cookie = await login(t.app);
  });
  afterAll(() => t.close());

  it.each(LIMITED)('$method $url answers 429 and writes nothing', async (call) => {
    const res =
      call.method === 'GET'
        ? await c.get(call.url, call.params, cookie, 'rate-limit-key-1')
        : await c.post(call.url, call.params, cookie, 'rate-limit-key-1');
    expect(res.statusCode).toBe(429);
    expect(body(res).code).toBe(429);
    for (const table of TABLES) {
      expect((await t.db.query(`SELECT 1 FROM ${table}`)).rowCount, table).toBe(0);
    }
  });

  it('opening an invite packet is limited too', async () => {
    const other = await login(t.app, '13800000002');
    const info = body<{ shareCode: string }>(
      await c.get('/mp/api/generalActivity/invitePacketInfo', A, other),
    ).result;
    const res = await c.get(
      '/mp/api/generalActivity/openInvitePacket',
      { ...A, shareCode: info.shareCode },
      cookie,
    );
    expect(res.statusCode).toBe(429);
    expect((await t.db.query('SELECT 1 FROM invite_packet_opens')).rowCount).toBe(0);
  });
});
