import { expect, test, type Page } from '@playwright/test';
import { api, BASE, loginAs, phoneFor, settled, widget } from './helpers';

/** The prize dialog's one close button: 开心收下 after a prize, 知道了 after 谢谢参与 (issue 33). */
const CLOSE_PRIZE_DIALOG = /^(开心收下|知道了)$/;

// Families C (seasonal travel partner) and D (lucky draws, bank co-brand draws) of
// ../shared/BREADTH.md, through their main actions against the reference server.

interface Envelope<T> {
  code: number;
  result: T;
}

interface DrawPayload {
  prizeId: string;
  prizeName: string;
  prizeType: string;
  remainChance: number;
}

const isPost = (page: Page, path: string) =>
  page.waitForResponse(
    (response) =>
      api(path).test(new URL(response.url()).pathname) && response.request().method() === 'POST',
  );

test('bind a phone on a Tongcheng page: the draw status changes from bind to claimed', async ({
  page,
}, testInfo) => {
  const phone = phoneFor(testInfo);
  await loginAs(page, phone, '/tongchengQ3/phone');
  const form = widget(page, 'lead-form');
  // The account phone is offered masked (user/getUserPhone); the visitor types another one.
  await expect(form.getByLabel('手机号')).toHaveValue(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  await form.getByRole('button', { name: '使用其他手机号' }).click();
  await form.getByLabel('手机号').fill('139 1234 5678');
  const saved = isPost(page, 'tongchengActivity/saveTongchengUserDraw');
  await form.getByRole('button', { name: '绑定并领取' }).click();
  const body = (await (await saved).json()) as Envelope<DrawPayload & { phone: string }>;
  expect(body.code).toBe(0);
  expect(body.result.phone).toBe('139****5678');

  // getUserDrawStatus is read again: the page now shows the bound phone instead of the form.
  await expect(page.getByText('领券手机号：139****5678')).toBeVisible();
  await expect(widget(page, 'lead-form')).toHaveCount(0);

  // The season's main page follows the same status: bound, today's claim used.
  await page.getByRole('button', { name: '返回活动首页' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/tongchengQ3$`));
  await expect(page.getByText('已绑定手机号：139****5678')).toBeVisible();
  await expect(page.getByRole('button', { name: '今日已领取，明天再来' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '领取三季度出行券' })).toHaveCount(0);

  // The detail page lists what was drawn (a "thanks" result is not a coupon).
  await page.getByRole('button', { name: '活动详情与我的出行券' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/tongchengQ3/detail$`));
  const records = widget(page, 'prize-records');
  await settled(records);
  if (body.result.prizeType === 'thanks') {
    await expect(records.getByText('还没有领取出行券')).toBeVisible();
  } else {
    await expect(records.locator('.w-prize-records__name')).toHaveText([body.result.prizeName]);
  }
});

test('draw on a bank co-brand page until no chance is left, then see the history', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await loginAs(page, phoneFor(testInfo), '/pufa');
  // The compliance notice is part of every co-brand page.
  await expect(widget(page, 'risk-notice')).toBeVisible();

  // The bank's daily extra chance (banker/luckyDraw/addChance), once.
  await page.getByRole('button', { name: '领取今日银行专享抽奖机会' }).click();
  await expect(page.getByText('已领取1次机会').first()).toBeVisible();

  const draw = widget(page, 'lucky-draw');
  await expect(draw.getByText('剩余抽奖机会：4次')).toBeVisible();
  let chances = 4;
  let draws = 0;
  while (chances > 0) {
    expect(draws, 'draws stay bounded').toBeLessThan(10);
    const answer = isPost(page, 'generalActivity/luckDraw');
    await draw.getByRole('button', { name: '抽奖', exact: true }).click();
    const body = (await (await answer).json()) as Envelope<DrawPayload>;
    expect(body.code).toBe(0);
    draws += 1;
    chances = body.result.remainChance;
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await dialog.getByRole('button', { name: CLOSE_PRIZE_DIALOG }).click();
    await expect(dialog).toHaveCount(0);
    await expect(draw.getByText(`剩余抽奖机会：${chances}次`)).toBeVisible();
  }
  expect(draws).toBe(4);
  await draw.getByRole('button', { name: '抽奖', exact: true }).click();
  await expect(page.getByText('抽奖机会已用完，做任务可获得更多机会').first()).toBeVisible();

  // Every draw is in the page's history and on the history page the wheel links to.
  const history = page.locator('[data-node-id="history"]');
  await expect(history.locator('.w-prize-records__item')).toHaveCount(draws);
  await draw.getByRole('button', { name: '抽奖记录' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/luckdrawPage/history\\?activity=pufa$`));
  const all = widget(page, 'prize-records');
  await settled(all);
  await expect(all.locator('.w-prize-records__item')).toHaveCount(draws);
  await page.getByRole('tab', { name: '机会明细' }).click();
  await expect(widget(page, 'data-list').getByText('银行专享')).toBeVisible();
});

test('shake draw: a synthetic devicemotion shake and the fallback button both draw', async ({
  page,
}, testInfo) => {
  await page.context().grantPermissions(['accelerometer', 'gyroscope']);
  await loginAs(page, phoneFor(testInfo), '/shakePhone');
  const trigger = widget(page, 'motion-trigger');
  // Where the browser asks first (Safari, recent Chromium), the sensors start on a tap.
  const ask = trigger.getByRole('button', { name: '开启体感抽奖' });
  await expect(trigger.getByRole('button', { name: '点击抽奖' })).toBeVisible();
  // The support is read after hydration only: the prerendered widget neither listens nor asks yet.
  const listening = page.locator('[data-listening="true"]');
  await expect(listening.or(ask)).toBeVisible();
  if (await ask.isVisible()) await ask.click();
  await expect(listening).toBeVisible();
  await expect(page.getByText('今日剩余抽奖机会：3')).toBeVisible();

  // Two jolts within a second make a shake (one bump does not).
  const first = isPost(page, 'generalActivity/luckDraw');
  await page.evaluate(() => {
    for (let i = 0; i < 2; i += 1) {
      window.dispatchEvent(
        new DeviceMotionEvent('devicemotion', {
          acceleration: { x: 25, y: 10, z: 5 },
          accelerationIncludingGravity: { x: 25, y: 10, z: 15 },
          interval: 16,
        }),
      );
    }
  });
  expect(((await (await first).json()) as Envelope<DrawPayload>).code).toBe(0);
  const dialog = page.getByRole('dialog', { name: '抽奖结果' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByText('今日剩余抽奖机会：2')).toBeVisible();

  // The button draws the same way (no motion sensor, refused permission, or by choice).
  const second = isPost(page, 'generalActivity/luckDraw');
  await trigger.getByRole('button', { name: '点击抽奖' }).click();
  expect(((await (await second).json()) as Envelope<DrawPayload>).code).toBe(0);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByText('今日剩余抽奖机会：1')).toBeVisible();
  const history = widget(page, 'prize-records');
  await expect(history.locator('.w-prize-records__item')).toHaveCount(2);
});
