import { expect, test } from '@playwright/test';
import { api, BASE, loginAs, phoneFor, settled, widget } from './helpers';
import { bridgeToasts, useFakeBridge } from './fake-bridge';

// ?fakeBridge=<app> addresses below open the page inside a fake provider app.
test.beforeEach(({ page }) => useFakeBridge(page));

// Families J, K and M (issue 13): each journey is one fresh user on the built app and the
// reference server (started with SANDBOX_CASHIER=1, scripts/e2e-server.mjs).

test('buy a VIP package through the fake bridge cashier: paid, and the membership granted', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await loginAs(page, phoneFor(testInfo), '/youkuVipPage');
  // Inside the finance app (the fake bridge, 8.80.0: payV2) the cashier takes the order.
  await page.goto(`${BASE}/youkuVipPage?fakeBridge=finance`);
  const goods = widget(page, 'vip-goods');
  await expect(goods.getByText('您还未开通会员')).toBeVisible();
  const paying = page.waitForResponse(api('video/vip/payV2'));
  const cashier = page.waitForResponse(api('video/vip/sandboxCashier'));
  await goods.getByRole('button', { name: '立即开通：优酷VIP月卡' }).click();
  expect((await paying).status()).toBe(200);
  expect((await cashier).status()).toBe(200);
  // In the app the paid message is the app's own toast (spec §7).
  await expect.poll(() => bridgeToasts(page)).toContain('开通成功，会员权益已到账');
  await expect(goods.getByText(/会员有效期至\d{4}-\d{2}-\d{2}/)).toBeVisible();
  const order = goods.locator('.w-vip-goods__order').first();
  await expect(order).toContainText('优酷VIP月卡');
  await expect(order).toContainText('已支付');

  // The server agrees: the order is paid and the membership is active.
  const flow = (await (
    await page.request.get('/mp/api/video/vip/payFlow', {
      params: { activityCode: '2211-videoWelfare' },
    })
  ).json()) as { result: { list: { status: string }[] } };
  expect(flow.result.list[0]?.status).toBe('paid');
  const member = (await (
    await page.request.get('/mp/api/video/vip/membership', {
      params: { activityCode: '2211-videoWelfare' },
    })
  ).json()) as { result: { active: boolean; totalDays: number } };
  expect(member.result).toMatchObject({ active: true, totalDays: 31 });
});

test("an older finance app (8.50.0) pays through the cashier's pay, not payV2", async ({
  page,
}, testInfo) => {
  await loginAs(page, phoneFor(testInfo), '/mivideo');
  await page.goto(`${BASE}/mivideo?fakeBridge=finance&fakeBridgeVersion=8.50.0`);
  const goods = widget(page, 'vip-goods');
  const paying = page.waitForResponse(api('video/vip/pay'));
  await goods.getByRole('button', { name: '立即开通：小米视频会员月卡' }).click();
  expect((await paying).status()).toBe(200);
  // In the app the paid message is the app's own toast (spec §7).
  await expect.poll(() => bridgeToasts(page)).toContain('开通成功，会员权益已到账');
  await expect(goods.locator('.w-vip-goods__order').first()).toContainText('已支付');
});

test('spec §8: in a plain browser the cashier is missing, so the upgrade toast shows', async ({
  page,
}, testInfo) => {
  await loginAs(page, phoneFor(testInfo), '/youkuVipPage');
  const goods = widget(page, 'vip-goods');
  await settled(goods);
  let ordered = false;
  page.on('request', (request) => {
    if (api('video/vip/pay').test(new URL(request.url()).pathname)) ordered = true;
  });
  await goods.getByRole('button', { name: '立即开通：优酷VIP年卡' }).click();
  await expect(
    page.getByText('当前版本暂不支持支付，请升级APP至最新版本后再支付').first(),
  ).toBeVisible();
  expect(ordered).toBe(false);
});

test('finish a music task, exchange its gold rice for a draw chance, and see the balance spent', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await loginAs(page, phoneFor(testInfo), '/qqMusic');
  const music = widget(page, 'music-panel');
  await music.getByRole('button', { name: '去完成：听3首歌' }).click();
  await expect(music.getByRole('button', { name: '已完成：听3首歌' })).toBeDisabled();
  await expect(music.getByText('0.50', { exact: true })).toBeVisible();

  await page.goto(`${BASE}/qqMusic/exchange`);
  const exchange = widget(page, 'goods-exchange');
  await expect(exchange.getByText(/^0\.5$/).first()).toBeVisible();
  const converting = page.waitForResponse(api('generalActivity/convertGoldRich'));
  await exchange
    .getByRole('button', { name: /立即兑换/ })
    .first()
    .click();
  await page
    .getByRole('button', { name: /确定|确认/ })
    .last()
    .click();
  expect((await converting).status()).toBe(200);
  const sum = (await (
    await page.request.get('/mp/api/generalActivity/queryUserGoldRichSum', {
      params: { activityCode: 'qqmusic-benefit' },
    })
  ).json()) as { result: { sum: number } };
  expect(sum.result.sum).toBe(0);
  const chances = (await (
    await page.request.get('/mp/api/generalActivity/getRemainChance', {
      params: { activityCode: 'qqmusic-benefit' },
    })
  ).json()) as { result: { remainChance: number } };
  expect(chances.result.remainChance).toBe(1);
});

test('sign in for a movie date, claim a free ticket, and see it in the order list', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await loginAs(page, phoneFor(testInfo), '/catEye/movieDateSign');
  const sign = widget(page, 'sign-in');
  await settled(sign);
  await sign.getByRole('button', { name: '立即签到' }).click();
  await expect(sign.getByRole('button', { name: '今日已签到' })).toBeVisible();

  await page.goto(`${BASE}/catEye/movieDateSign/movieDetail?movieId=m-river`);
  const movie = widget(page, 'movie-detail');
  await expect(movie.getByRole('heading', { name: '长河之上' })).toBeVisible();
  await movie.getByRole('button', { name: /免费领票：06-01 19:30/ }).click();
  await expect(page.getByText('领票成功，可在观影订单中查看').first()).toBeVisible();
  await expect(movie.getByText('您的免费观影券已领完')).toBeVisible();

  await movie.getByRole('button', { name: '查看我的订单' }).click();
  await expect(page).toHaveURL(/\/catEye\/orderList/);
  const orders = widget(page, 'data-list');
  await expect(orders.getByText('长河之上')).toBeVisible();
  await expect(orders.getByText('待观影')).toBeVisible();
});
