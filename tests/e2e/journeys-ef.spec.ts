import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api, BASE, loginAs, phoneFor, settled, widget } from './helpers';

/** The prize dialog's one close button: 开心收下 after a prize, 知道了 after 谢谢参与 (issue 33). */
const CLOSE_PRIZE_DIALOG = /^(开心收下|知道了)$/;

// Families E and F of ../shared/BREADTH.md (issue 15), end to end against the reference server.

test.use({ viewport: { width: 375, height: 812 } });

/** The chance balance the server holds (GET getRemainChance). */
async function remainChance(page: Page): Promise<number> {
  const res = await page.request.get('/mp/api/generalActivity/getRemainChance', {
    params: { activityCode: 'free-order-618' },
  });
  return ((await res.json()) as Envelope<{ remainChance: number }>).result.remainChance;
}

interface Envelope<T> {
  code: number;
  result: T;
}

const JEWEL_BOX = JSON.parse(readFileSync('server/activities/jewel-box.json', 'utf8')) as {
  prizes: { prizeId: string; name: string; type: string; weight: number }[];
};

test('a new user opens the day packet and finishes a welfare task, whose bubble goes', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // A fresh account is created at login, after the activity started: a new user (domain/users.ts).
  await loginAs(page, phoneFor(testInfo), '/new-user');
  const packet = widget(page, 'new-user-packet');
  await settled(packet);
  await expect(packet.getByText('已拆0/7天')).toBeVisible();

  // Day 1 of server/activities/new-user.json signIn.newUserPacket: 1.00 gold rice.
  const opened = page.waitForResponse(api('generalActivity/newUser/openSignPacket'));
  await packet.getByRole('button', { name: '拆红包' }).click();
  expect(((await (await opened).json()) as Envelope<{ awarded: boolean }>).result.awarded).toBe(
    true,
  );
  await expect(packet.getByRole('status')).toHaveText('拆开红包，获得1.00金米');
  await expect(packet.getByRole('button', { name: '今日已拆，明天再来' })).toBeDisabled();
  await expect(packet.getByText('已拆1/7天')).toBeVisible();

  // The welfare task "完善个人资料" needs no other app: claim it in the task list.
  const welfare = widget(page, 'task-list');
  await settled(welfare);
  const claim = welfare.getByRole('button', { name: '领取：完善个人资料' });
  const completed = page.waitForResponse(api('generalActivity/completeTask'));
  await claim.click();
  const done = (await (await completed).json()) as Envelope<{ firstTime: boolean }>;
  expect(done.code).toBe(0);
  expect(done.result.firstTime).toBe(true);
  await expect(welfare.getByRole('button', { name: '已完成：完善个人资料' })).toBeDisabled();
  // The bubble of the finished task is gone; the other welfare tasks are still bubbles.
  await expect(packet.getByRole('button', { name: /完善个人资料/ })).toHaveCount(0);
  await expect(packet.getByRole('button', { name: /绑定银行卡/ })).toBeVisible();

  // Reloaded, the server still says so: the packet is open today and the task is done.
  await page.reload();
  await settled(widget(page, 'new-user-packet'));
  await expect(page.getByRole('button', { name: '今日已拆，明天再来' })).toBeDisabled();
  await settled(widget(page, 'task-list'));
  await expect(page.getByRole('button', { name: '已完成：完善个人资料' })).toBeDisabled();
});

test('jewel box: win a physical prize, fill the address, see it on the prize page', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // server/activities/jewel-box.json: every prize a draw can land on is physical (the thanks
  // slot has weight 0), so the first box of the day is a physical prize, deterministically.
  const drawable = JEWEL_BOX.prizes.filter((p) => p.weight > 0);
  expect(drawable.length).toBeGreaterThan(0);
  expect(drawable.every((p) => p.type === 'physical')).toBe(true);

  await loginAs(page, phoneFor(testInfo), '/jewelBox');
  const draw = widget(page, 'lucky-draw');
  await settled(draw);
  const answer = page.waitForResponse(
    (response) =>
      api('generalActivity/luckDraw').test(new URL(response.url()).pathname) &&
      response.request().method() === 'POST',
  );
  await draw.getByRole('button', { name: '开宝箱' }).click();
  const won = ((await (await answer).json()) as Envelope<{ prizeId: string; prizeName: string }>)
    .result;
  const prize = drawable.find((p) => p.prizeId === won.prizeId);
  expect(prize, `${won.prizeId} is a physical prize`).toBeTruthy();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(won.prizeName, { timeout: 10_000 });
  await dialog.getByRole('button', { name: CLOSE_PRIZE_DIALOG }).click();

  // The prize page lists it waiting for an address, with the way to fill it in.
  await page.getByRole('button', { name: '我的宝箱奖品' }).click();
  await expect(page).toHaveURL(/\/mp\/activity\/jewelBox\/process$/);
  const records = widget(page, 'prize-records');
  await settled(records);
  await expect(records.getByText(won.prizeName)).toBeVisible();
  await expect(page.getByText('你有1件实物奖品待填写收货地址，填写后即安排发货。')).toBeVisible();
  const current = page.locator('[data-widget="progress-steps"] [aria-current="step"]');
  await expect(current).toContainText('填写地址');
  await records.getByRole('button', { name: '填写地址' }).click();
  await expect(page).toHaveURL(/\/mp\/activity\/jewelBox\/address$/);

  const form = widget(page, 'address-form');
  await settled(form);
  await form.getByLabel('收货人').fill('李雷');
  await form.getByLabel('手机号').fill('13912345678');
  await form.getByLabel('所在地区').fill('北京市海淀区');
  await form.getByLabel('详细地址').fill('中关村大街5号楼101室');
  const saved = page.waitForResponse(api('user/insertOrUpdateUserData'));
  await form.getByRole('button', { name: '保存地址' }).click();
  const body = (await (await saved).json()) as Envelope<{ addressedPrizes: number }>;
  expect(body.code).toBe(0);
  expect(body.result.addressedPrizes).toBe(1);

  // Back on the prize page: the prize is addressed (to ship), nothing waits for an address.
  await expect(page).toHaveURL(/\/mp\/activity\/jewelBox\/process$/);
  const after = widget(page, 'prize-records');
  await settled(after);
  await expect(after.getByText(won.prizeName)).toBeVisible();
  await expect(after.getByText('待发货')).toBeVisible();
  await expect(after.getByRole('button', { name: '填写地址' })).toHaveCount(0);
  await expect(page.getByText(/待填写收货地址/)).toHaveCount(0);
  await expect(current).toContainText('等待发货');

  // The address page shows the saved address when it is opened again.
  await page.goto(`${BASE}/jewelBox/address`);
  await settled(widget(page, 'address-form'));
  await expect(page.getByLabel('详细地址')).toHaveValue('中关村大街5号楼101室');
});

test('618: the JD visit pays a chance once a day, and its token reads the record back', async ({
  page,
}, testInfo) => {
  // The page's visit task pays a chance first (data.visit): count from after it.
  const visited = page.waitForResponse(api('generalActivity/visitIndex'));
  await loginAs(page, phoneFor(testInfo), '/618FreeOrder');
  await visited;
  const before = await remainChance(page);
  const chancesLine = () => widget(page, 'lucky-draw').getByText(/^剩余抽奖机会：/);
  await expect(chancesLine()).toHaveText(`剩余抽奖机会：${before}次`);
  const done = page.waitForResponse(api('traffic/jdComplete'));
  await page.getByRole('button', { name: '逛京东 得1次抽奖机会' }).click();
  const visit = ((await (await done).json()) as Envelope<{ token: string; firstToday: boolean }>)
    .result;
  expect(visit.firstToday).toBe(true);
  expect(visit.token).toMatch(/^[0-9a-f]{32}$/);

  // The prize page reads the record by its token (spec §7 GET traffic/{token}).
  await expect(page).toHaveURL(new RegExp(`/618FreeOrder/myPrize\\?token=${visit.token}$`));
  await expect(page.getByText('京东浏览奖励已到账')).toBeVisible();
  await expect(page.getByText(/完成京东浏览，获得1次抽奖机会/)).toBeVisible();

  // Back on the draw: one more chance; a second visit today pays nothing more.
  await page.goto(`${BASE}/618FreeOrder`);
  await settled(widget(page, 'lucky-draw'));
  await expect(chancesLine()).toHaveText(`剩余抽奖机会：${before + 1}次`);
  const again = page.waitForResponse(api('traffic/jdComplete'));
  await page.getByRole('button', { name: '逛京东 得1次抽奖机会' }).click();
  const second = ((await (await again).json()) as Envelope<{ token: string; firstToday: boolean }>)
    .result;
  expect(second).toMatchObject({ firstToday: false, token: visit.token });
});

test("invite packet: a friend opens the inviter's packet from the shared link, once", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const inviter = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await loginAs(inviter, phoneFor(testInfo, 'inviter'), '/new-user');
  const info = await inviter.request.get('/mp/api/generalActivity/invitePacketInfo', {
    params: { activityCode: 'new-user' },
  });
  const { shareCode } = ((await info.json()) as Envelope<{ shareCode: string }>).result;
  expect(shareCode).toMatch(/^[A-Za-z0-9_-]{4,32}$/);

  const friend = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await loginAs(friend, phoneFor(testInfo, 'friend'), `/new-user?shareCode=${shareCode}`);
  const packet = widget(friend, 'new-user-packet');
  await settled(packet);
  await expect(packet.getByText('好友送你一个红包')).toBeVisible();
  const opened = friend.waitForResponse(api('generalActivity/openInvitePacket'));
  await packet.getByRole('button', { name: '拆开好友红包' }).click();
  const body = (await (await opened).json()) as Envelope<{ firstOpen: boolean }>;
  expect(body.result.firstOpen).toBe(true);
  // new-user.json: the friend gets one chance and 1.00 gold rice.
  await expect(packet.getByRole('status')).toHaveText('拆开好友红包，获得1次抽奖机会、1.00金米');
  await expect(packet.getByRole('button', { name: '拆开好友红包' })).toHaveCount(0);

  // The inviter sees the friend (masked) and the paid count.
  await inviter.reload();
  const mine = widget(inviter, 'new-user-packet');
  await settled(mine);
  await expect(mine.getByText('已邀请1位好友，前10位各得1次抽奖机会')).toBeVisible();
  await expect(
    mine.getByRole('list', { name: '已拆红包的好友' }).getByRole('listitem'),
  ).toHaveCount(1);
  await inviter.close();
  await friend.close();
});
