import { expect, test } from '@playwright/test';
import { api, BASE, loginAs, phoneFor, settled, widget } from './helpers';

// Issue 32 item 6: spec §7 calls that no page made, now made where a user of the page expects
// them (src/contracts/calls-no-page-makes.ts lists the rest). Each journey taps what the user
// taps and checks what the server then answers.

test('/account: the login time, a new nickname (updateUserInfo) and the push switch (setPush)', async ({
  page,
}, testInfo) => {
  await loginAs(page, phoneFor(testInfo), '/account');
  const header = widget(page, 'user-header');
  await expect(header.getByText(/^登录时间\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)).toBeVisible();

  const form = widget(page, 'lead-form');
  await form.getByLabel('新昵称').fill('米粉小王');
  const saved = page.waitForResponse(api('generalActivity/updateUserInfo'));
  await form.getByRole('button', { name: '保存昵称' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('昵称：米粉小王')).toBeVisible();

  await expect(page.getByText('活动推送：未开启。')).toBeVisible();
  const on = page.waitForResponse(api('generalActivity/setPush'));
  await page.getByRole('button', { name: '开启活动推送' }).click();
  expect((await on).ok()).toBe(true);
  await expect(page.getByText(/活动推送：已开启/)).toBeVisible();
  await page.getByRole('button', { name: '关闭活动推送' }).click();
  await expect(page.getByText('活动推送：未开启。')).toBeVisible();
});

test('/visit: the tasks of the groups (getTaskGroup), the task history (queryMyTaskList), a task opened with getTask', async ({
  page,
}, testInfo) => {
  const received = page.waitForResponse(api('generalActivity/getTaskGroup'));
  await loginAs(page, phoneFor(testInfo), '/visit');
  expect((await received).ok()).toBe(true);
  const tasks = widget(page, 'task-list');
  await settled(tasks);
  // The day's visit is recorded on load: the history shows it.
  const history = widget(page, 'data-list');
  await history.scrollIntoViewIfNeeded();
  await expect(history.getByText('每日逛逛银行首页')).toBeVisible();
  await expect(history.getByText('+1次机会')).toBeVisible();
  // Going to a task records its opening with getTask before the visitor is sent off.
  const opened = page.waitForResponse(api('generalActivity/getTask'));
  await tasks.getByRole('button', { name: '去完成：绑定一张银行卡' }).click();
  expect((await opened).ok()).toBe(true);
});

test('/bank: the bank back end lists its tasks (banker/taskDetail)', async ({ page }, testInfo) => {
  const listed = page.waitForResponse(api('banker/taskDetail'));
  await loginAs(page, phoneFor(testInfo), '/bank');
  const tasks = widget(page, 'task-list');
  await tasks.scrollIntoViewIfNeeded();
  expect((await listed).ok()).toBe(true);
  await settled(tasks);
  await expect(tasks.getByRole('button').first()).toBeVisible();
});

test('/novice-tasks, back from the sign-in reminder: the return is recorded once a day (completeCalendarRemind), and the reminder can be stopped (updateCalendarRemind)', async ({
  page,
}, testInfo) => {
  const completed = page.waitForResponse(api('generalActivity/completeCalendarRemind'));
  await loginAs(page, phoneFor(testInfo), '/novice-tasks?from=calendarRemind');
  expect((await completed).ok()).toBe(true);
  await expect(page.getByText(/你通过签到提醒回到了活动/)).toBeVisible();
  const stopped = page.waitForResponse(api('generalActivity/updateCalendarRemind'));
  await page.getByRole('button', { name: '不再提醒我签到' }).click();
  const answer = (await (await stopped).json()) as { result: { calendarRemindStatus: number } };
  expect(answer.result.calendarRemindStatus).toBe(0);

  // A second return the same day is not the first: no welcome again.
  await page.goto(`${BASE}/novice-tasks?from=calendarRemind`);
  await expect(page.getByRole('button', { name: '不再提醒我签到' })).toBeVisible();
  await expect(page.getByText(/你通过签到提醒回到了活动/)).toHaveCount(0);
});

test('/catEye: an activity page claims a coupon with sendCoupon and reads it back with couponUserInfo', async ({
  page,
}, testInfo) => {
  await loginAs(page, phoneFor(testInfo), '/catEye');
  const coupons = widget(page, 'coupon-list');
  await coupons.scrollIntoViewIfNeeded();
  await settled(coupons);
  const claim = coupons.getByRole('button', { name: /^立即领取：/ }).first();
  const sent = page.waitForResponse(api('configActivity/sendCoupon'));
  const reread = page.waitForResponse(api('configActivity/couponUserInfo'));
  await claim.click();
  expect((await sent).ok()).toBe(true);
  expect((await reread).ok()).toBe(true);
  await expect(coupons.getByText(/^已领1\//).first()).toBeVisible();
});

test('the GET twins: /pointsLuckDraw converts and draws with GET (the draw with the tap coordinates), /newProduct/weekly votes with GET', async ({
  page,
}, testInfo) => {
  await loginAs(page, phoneFor(testInfo), '/pointsLuckDraw');
  const gold = widget(page, 'gold-rice');
  await settled(gold);
  const converted = page.waitForResponse(
    (response) =>
      api('generalActivity/convertGoldRich').test(response.url()) &&
      response.request().method() === 'GET',
  );
  await gold.getByRole('button', { name: '1金米兑换1次抽奖机会' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确定|兑换/ })
    .last()
    .click();
  // A new user holds no gold rice: the server refuses, but it was asked with the GET.
  expect((await converted).request().method()).toBe('GET');

  const draw = widget(page, 'lucky-draw');
  await settled(draw);
  const drawn = page.waitForRequest(
    (request) => api('generalActivity/luckDraw').test(request.url()) && request.method() === 'GET',
  );
  await draw.getByRole('button', { name: /抽奖/ }).first().click();
  expect(new URL((await drawn).url()).searchParams.get('coordinates')).toMatch(/^\d+,\d+$/);

  await page.goto(`${BASE}/newProduct/weekly`);
  const vote = widget(page, 'vote');
  await settled(vote);
  const voted = page.waitForResponse(
    (response) =>
      api('newProduct/vote').test(response.url()) && response.request().method() === 'GET',
  );
  await vote
    .getByRole('button', { name: /^投一票：/ })
    .first()
    .click();
  expect((await voted).ok()).toBe(true);
  await expect(vote.getByRole('button', { name: /^已投票：/ }).first()).toBeVisible();
});

test('what pages now show: the music join list, the draw tickets, the partner poster, the activity state, the other products', async ({
  page,
}, testInfo) => {
  await loginAs(page, phoneFor(testInfo), '/qqMusic');
  // The visitor's own visit puts them on the join list (masked).
  const joined = widget(page, 'data-list');
  await joined.scrollIntoViewIfNeeded();
  await expect(joined.getByRole('heading', { name: '最近参与的乐迷' })).toBeVisible();
  await expect(joined.getByRole('listitem').first()).toBeVisible();

  await page.goto(`${BASE}/userCenter`);
  await expect(page.getByText(/钱包银行抽奖券：\d+张/)).toBeVisible();

  await page.goto(`${BASE}/luckDraw`);
  await expect(page.getByRole('img', { name: '合作伙伴活动海报' })).toBeAttached();

  await page.goto(`${BASE}/luckRule`);
  await expect(page.getByText('活动状态：进行中，每天都可以来抽奖。')).toBeVisible();

  await page.goto(`${BASE}/newProduct/ultraDetail`);
  const others = page.locator('[data-node-id="other-products"]');
  await others.scrollIntoViewIfNeeded();
  await expect(others.getByRole('listitem')).toHaveCount(3);
});
