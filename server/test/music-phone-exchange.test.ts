import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './call-helpers';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

const A = { activityCode: 'qqmusic-benefit' };
const M = '/mp/api/qqMusicActivity';

describe('qqMusicActivity/exchangeByPhone (ours): gold rice for a membership of a phone', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
  });
  afterAll(() => t.close());

  it('spends the gold rice a task paid, once per limit, and lists it with the phone masked', async () => {
    const ann = await login(t.app, '13400000001');
    const short = await c.post(
      `${M}/exchangeByPhone`,
      { ...A, goodsId: 'green-week', phone: '13912345678' },
      ann,
      'mx-ann-000001',
    );
    expect(body(short).error).toBe('INSUFFICIENT_GOLD_RICE');
    await c.post(`${M}/finishMusicTask`, { ...A, taskId: 'listen-3' }, ann, 'task-ann-00001');
    await c.post(`${M}/finishMusicTask`, { ...A, taskId: 'follow-list' }, ann, 'task-ann-00002');
    const first = await c.post(
      `${M}/exchangeByPhone`,
      { ...A, goodsId: 'green-week', phone: '13912345678' },
      ann,
      'mx-ann-000002',
    );
    expect(body<{ sum: number; phone: string }>(first).result).toMatchObject({
      sum: 30,
      phone: '139****5678',
    });
    const replay = await c.post(
      `${M}/exchangeByPhone`,
      { ...A, goodsId: 'green-week', phone: '13912345678' },
      ann,
      'mx-ann-000002',
    );
    expect(body(replay).result).toEqual(body(first).result);
    const month = await c.post(
      `${M}/exchangeByPhone`,
      { ...A, goodsId: 'green-month', useAccountPhone: 'true' },
      ann,
      'mx-ann-000003',
    );
    expect(body(month).error).toBe('INSUFFICIENT_GOLD_RICE');
    const list = body<{ list: { name: string; phone: string }[] }>(
      await c.get(`${M}/phoneExchanges`, A, ann),
    ).result.list;
    expect(list).toEqual([
      expect.objectContaining({ name: 'QQ音乐绿钻周卡', phone: '139****5678' }),
    ]);
  });

  it('refuses past the per-user limit and without a phone', async () => {
    const bob = await login(t.app, '13400000002');
    await c.post(`${M}/finishMusicTask`, { ...A, taskId: 'listen-3' }, bob, 'task-bob-00001');
    await c.post(`${M}/finishMusicTask`, { ...A, taskId: 'follow-list' }, bob, 'task-bob-00002');
    const noPhone = await c.post(
      `${M}/exchangeByPhone`,
      { ...A, goodsId: 'green-week' },
      bob,
      'mx-bob-000001',
    );
    expect(noPhone.statusCode).toBe(400);
    const own = await c.post(
      `${M}/exchangeByPhone`,
      { ...A, goodsId: 'green-week', useAccountPhone: 'true' },
      bob,
      'mx-bob-000002',
    );
    expect(body<{ phone: string }>(own).result.phone).toBe('134****0002');
    // 30 cents left would not even be asked: the per-user limit (1) refuses first.
    const again = await c.post(
      `${M}/exchangeByPhone`,
      { ...A, goodsId: 'green-week', phone: '13912345678' },
      bob,
      'mx-bob-000003',
    );
    expect(body(again).error).toBe('LIMIT_REACHED');
  });
});
