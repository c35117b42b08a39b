import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wechatSignature } from '../src/domain/wechat-signature';
import { campaignDay, dayOfYear, isoWeek } from '../src/domain/campaign-time';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

describe('WeChat JS-SDK signature', () => {
  it('matches the known answer of the JS-SDK documentation', () => {
    expect(
      wechatSignature({
        jsapiTicket:
          'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value#ignored',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

describe('campaign time', () => {
  it('uses Beijing days, ISO weeks and day-of-year', () => {
    expect(campaignDay(new Date('2025-06-10T15:59:59Z'))).toBe('2025-06-10');
    expect(campaignDay(new Date('2025-06-10T16:00:00Z'))).toBe('2025-06-11');
    expect(isoWeek('2025-01-01')).toBe('2025-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(isoWeek('2021-01-03')).toBe('2020-W53');
    expect(dayOfYear('2025-01-01')).toBe(1);
    expect(dayOfYear('2024-12-31')).toBe(366);
  });
});

describe('misc calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        ownOrigins: ['https://m.example.com'],
        rateLimit: { capacity: 2, refillPerSecond: 0.001 },
      },
    });
  });
  afterAll(() => t.close());

  it('signs our own pages only, with code 1', async () => {
    const url = encodeURIComponent('https://m.example.com/mp/activity/?from=x#top');
    const res = await t.app.inject({ method: 'GET', url: `/mp/api/transpond/wechat?url=${url}` });
    const env = body<{
      data: { appId: string; timestamp: number; nonceStr: string; signature: string };
    }>(res);
    expect(env.code).toBe(1);
    expect(env.result.data.signature).toBe(
      wechatSignature({
        jsapiTicket: t.config.wechat.jsapiTicket,
        nonceStr: env.result.data.nonceStr,
        timestamp: env.result.data.timestamp,
        url: 'https://m.example.com/mp/activity/?from=x',
      }),
    );
    const own = await t.app.inject({
      method: 'GET',
      url: `/mp/api/transpond/wechat?url=${encodeURIComponent('http://localhost/mp/activity/')}`,
    });
    expect(body(own).code).toBe(1);
    for (const bad of ['https://evil.com/', 'javascript:alert(1)', 'not a url', '']) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/mp/api/transpond/wechat?url=${encodeURIComponent(bad)}`,
      });
      expect(r.statusCode, bad).toBe(400);
    }
  });

  it('returns holidays as a JSON string of day-of-year lists', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mp/api/generalActivity/holiday' });
    const env = JSON.parse(res.body) as { code: number; value: string };
    expect(env.code).toBe(0);
    const years = JSON.parse(env.value) as { year: number; workday: number[]; freeday: number[] }[];
    const y2025 = years.find((y) => y.year === 2025);
    expect(y2025?.freeday).toContain(1);
    expect(y2025?.workday).toContain(26);
    const one = await t.app.inject({
      method: 'GET',
      url: '/mp/api/generalActivity/holiday?year=2024',
    });
    expect(JSON.parse((JSON.parse(one.body) as { value: string }).value)).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/mp/api/generalActivity/holiday?year=x' }))
        .statusCode,
    ).toBe(400);
  });

  it('issues distinct ids', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/mp/api/generalActivity/getIdV2?serialNumber=1',
      });
      ids.add(body<{ id: string }>(res).result.id);
    }
    expect(ids.size).toBe(20);
  });

  it('rate-limits claims per user with 429 and consumes nothing', async () => {
    const cookie = await login(t.app, '13400000001');
    const url = '/mp/api/generalActivity/completeTask?activityCode=demo-luckdraw&taskId=share';
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
    const other = await login(t.app, '13400000002');
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { cookie: other } })).statusCode,
    ).toBe(200);
    const rows = await t.db.query('SELECT 1 FROM task_completions WHERE task_id = $1', ['share']);
    expect(rows.rowCount).toBe(2);
  });
});
