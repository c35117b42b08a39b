import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, caller } from './call-helpers';
import { body, createTestApp, login, userIdOf } from './harness';
import type { TestApp } from './harness';

const G = '/mp/api/generalActivity';
const A = { activityCode: 'demo-luckdraw' };

interface PacketInfo {
  shareCode: string;
  inviteCode: string;
  openedCount: number;
  paidCount: number;
  friends: { nickName: string; paid: boolean }[];
  hasOpenedFriendPacket: boolean;
}

describe('invite packets and the new-user packet (routes/general-packets.ts)', () => {
  let t: TestApp;
  let c: ReturnType<typeof caller>;
  let ann: string;
  let bob: string;
  let cat: string;
  let annCode: string;
  beforeAll(async () => {
    // One paid invite, so the cap is visible with two friends.
    t = await createTestApp({
      editActivities: (all) => {
        const demo = all.get('demo-luckdraw');
        if (demo) demo.benefits.invitePacket.maxPaidInvites = 1;
      },
    });
    c = caller(t);
    ann = await login(t.app, '13700000001');
    bob = await login(t.app, '13700000002');
    cat = await login(t.app, '13700000003');
    annCode = body<PacketInfo>(await c.get(`${G}/invitePacketInfo`, A, ann)).result.shareCode;
  });
  afterAll(() => t.close());
  const info = async (cookie: string) =>
    body<PacketInfo>(await c.get(`${G}/invitePacketInfo`, A, cookie)).result;

  it("a friend opens the inviter's packet once; both are paid once", async () => {
    const open = () => c.get(`${G}/openInvitePacket`, { ...A, shareCode: annCode }, bob);
    const first = body<Record<string, unknown>>(await open());
    expect(first.result).toMatchObject({
      opened: true,
      firstOpen: true,
      reward: { goldRiceCents: 50 },
    });
    const again = body<Record<string, unknown>>(await open());
    expect(again.result).toMatchObject({ firstOpen: false, reward: { goldRiceCents: 50 } });
    expect(await balances(t, userIdOf(bob))).toMatchObject({ goldRiceCents: 50 });
    expect(await balances(t, userIdOf(ann))).toMatchObject({ chances: 1 });
    const annInfo = await info(ann);
    expect(annInfo).toMatchObject({ openedCount: 1, paidCount: 1, hasOpenedFriendPacket: false });
    expect(annInfo.friends[0]?.nickName).toBe('137****0002');
    expect(await info(bob)).toMatchObject({ openedCount: 0, hasOpenedFriendPacket: true });
  });

  it('pays the inviter up to maxPaidInvites only', async () => {
    await c.get(`${G}/openInvitePacket`, { ...A, shareCode: annCode }, cat);
    expect(await balances(t, userIdOf(cat))).toMatchObject({ goldRiceCents: 50 });
    expect(await balances(t, userIdOf(ann))).toMatchObject({ chances: 1 });
    expect(await info(ann)).toMatchObject({ openedCount: 2, paidCount: 1 });
  });

  it("refuses one's own packet, a second friend's packet and bad codes", async () => {
    const own = await c.get(`${G}/openInvitePacket`, { ...A, shareCode: annCode }, ann);
    expect(own.statusCode).toBe(400);
    const catCode = (await info(cat)).shareCode;
    const second = await c.get(`${G}/openInvitePacket`, { ...A, shareCode: catCode }, bob);
    expect(second.statusCode).toBe(409);
    for (const shareCode of ['x', 'no such code', 'ZZZZZZZZ']) {
      const res = await c.get(`${G}/openInvitePacket`, { ...A, shareCode }, bob);
      expect(res.statusCode, shareCode).toBe(400);
    }
    expect((await c.get(`${G}/openInvitePacket`, A, bob)).statusCode).toBe(400);
  });

  it('opens a packet by the invitation code the invite page shows, the same as by shareCode', async () => {
    const dan = await login(t.app, '13700000004');
    const password = body<{ password: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/mp/api/invitationPassword/getInvitationPassword',
        headers: { cookie: ann },
      }),
    ).result.password;
    expect((await info(ann)).inviteCode).toBe(password);
    // Another user's code only opens that user's packet, for the caller; never one's own.
    const own = await c.get(`${G}/openInvitePacket`, { ...A, shareCode: password }, ann);
    expect(own.statusCode).toBe(400);
    const open = () => c.get(`${G}/openInvitePacket`, { ...A, shareCode: password }, dan);
    const first = body<{ firstOpen: boolean }>(await open());
    expect(first.result.firstOpen).toBe(true);
    // Opening twice answers the first opening again and pays nothing more.
    expect(body<{ firstOpen: boolean }>(await open()).result.firstOpen).toBe(false);
    expect(await balances(t, userIdOf(dan))).toMatchObject({ goldRiceCents: 50 });
    expect(await info(ann)).toMatchObject({ openedCount: 3, paidCount: 1 });
    expect(await info(dan)).toMatchObject({ openedCount: 0, hasOpenedFriendPacket: true });
    const unknown = await c.get(`${G}/openInvitePacket`, { ...A, shareCode: 'ABCDEFGHJKMN' }, dan);
    expect(unknown.statusCode).toBe(400);
  });

  it('needs a login', async () => {
    for (const call of ['invitePacketInfo', 'newUser/packet', 'newUser/bubble']) {
      expect((await c.get(`${G}/${call}`, A, null)).statusCode, call).toBe(401);
    }
    const res = await c.get(`${G}/openInvitePacket`, { ...A, shareCode: annCode }, null);
    expect(res.statusCode).toBe(401);
  });

  it('shows the new-user packet days and the remaining new-user bubbles', async () => {
    const before = body<Record<string, unknown>>(await c.get(`${G}/newUser/packet`, A, bob));
    expect(before.result).toMatchObject({ isNewUser: true, openedToday: false, canOpen: true });
    expect(before.result.days).toHaveLength(3);
    await c.post(`${G}/newUser/openSignPacket`, A, bob);
    const after = body<{ openedToday: boolean; days: { opened: boolean }[] }>(
      await c.get(`${G}/newUser/packet`, A, bob),
    ).result;
    expect(after.openedToday).toBe(true);
    expect(after.days.map((d) => d.opened)).toEqual([true, false, false]);
    const annPacket = body(await c.get(`${G}/newUser/packet`, A, ann)).result;
    expect(annPacket).toMatchObject({ openedToday: false, openedDays: 0 });
    const bubbles = body<{ bubbles: { taskId: string }[] }>(
      await c.get(`${G}/newUser/bubble`, A, bob),
    ).result;
    expect(bubbles.bubbles.map((b) => b.taskId)).toEqual(['new-user-welfare']);
  });
});
