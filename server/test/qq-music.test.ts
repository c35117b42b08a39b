import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, caller } from './call-helpers';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const M = '/mp/api/qqMusicActivity';
const A = { activityCode: 'demo-luckdraw' };

interface MusicUser {
  freeMode: { whitelisted: boolean; active: boolean; expireTime: number | null };
  tasks: { taskId: string; finished: boolean }[];
  goldRichSum: number;
}

describe('music benefits (routes/qq-music.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = caller(t);
    ann = await login(t.app, '17700000001');
    bob = await login(t.app, '17700000002');
  });
  afterAll(() => t.close());
  const me = async (cookie: string) =>
    body<MusicUser>(await c.get(`${M}/getMusicUserInfo`, A, cookie)).result;

  it('lists hot songs and song lists from the config', async () => {
    const songs = body<{ list: { songId: string }[] }>(await c.get(`${M}/getHotSongs`, A, null));
    expect(songs.result.list.map((s) => s.songId)).toEqual(['s-1', 's-2']);
    const lists = body<{ list: { listId: string }[] }>(
      await c.get(`${M}/getHotSongLists`, A, null),
    );
    expect(lists.result.list.map((s) => s.listId)).toEqual(['l-1']);
  });

  it('adds the caller to the free-mode whitelist once; the expiry never moves', async () => {
    const add = async () =>
      body<{ firstTime: boolean; expireTime: number }>(
        await c.post(`${M}/addFreeModeWhitelist`, A, ann),
      ).result;
    const first = await add();
    expect(first.firstTime).toBe(true);
    expect(first.expireTime).toBe(Date.parse('2025-06-17T10:00:00+08:00'));
    t.setNow('2025-06-12T10:00:00+08:00');
    const again = await add();
    expect(again).toEqual({ ...first, firstTime: false });
    expect((await me(ann)).freeMode).toEqual({
      whitelisted: true,
      active: true,
      expireTime: first.expireTime,
    });
    t.setNow('2025-06-20T10:00:00+08:00');
    expect((await me(ann)).freeMode.active).toBe(false);
    t.setNow('2025-06-10T10:00:00+08:00');
    expect((await me(bob)).freeMode).toEqual({
      whitelisted: false,
      active: false,
      expireTime: null,
    });
  });

  it('finishes a task once and pays it once', async () => {
    const finish = async (taskId: string) =>
      body<{ firstTime: boolean; reward: { goldRiceCents: number } }>(
        await c.post(`${M}/finishMusicTask`, { ...A, taskId }, ann),
      ).result;
    expect(await finish('follow-list')).toMatchObject({
      firstTime: true,
      reward: { goldRiceCents: 30 },
    });
    expect(await finish('follow-list')).toMatchObject({
      firstTime: false,
      reward: { goldRiceCents: 30 },
    });
    expect((await balances(t, userIdOf(ann))).goldRiceCents).toBe(30);
    const info = await me(ann);
    expect(info.goldRichSum).toBe(30);
    expect(info.tasks.find((x) => x.taskId === 'follow-list')?.finished).toBe(true);
    expect((await me(bob)).tasks.every((x) => !x.finished)).toBe(true);
    expect((await me(bob)).goldRichSum).toBe(0);
  });

  it('refuses anonymous callers and bad input', async () => {
    expect((await c.get(`${M}/getMusicUserInfo`, A, null)).statusCode).toBe(401);
    expect((await c.post(`${M}/addFreeModeWhitelist`, A, null)).statusCode).toBe(401);
    expect(
      (await c.post(`${M}/finishMusicTask`, { ...A, taskId: 'listen-3' }, null)).statusCode,
    ).toBe(401);
    expect((await c.post(`${M}/finishMusicTask`, { ...A, taskId: 'nope' }, bob)).statusCode).toBe(
      400,
    );
    expect((await c.post(`${M}/finishMusicTask`, A, bob)).statusCode).toBe(400);
    expect((await c.get(`${M}/getHotSongs`, {}, null)).statusCode).toBe(400);
    expect((await balances(t, userIdOf(bob))).chances).toBe(0);
  });
});
