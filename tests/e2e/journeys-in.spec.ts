import { expect, test } from '@playwright/test';
import { api, BASE, loginAs, phoneFor, settled, widget } from './helpers';

// Families I (installment, subsidy, phone bill, loans) and N (partner shop, funds, marketing):
// one fresh user per journey on the built app and the reference server.

test.describe('family I: installment', () => {
  test('pick an offer, set a reminder, apply, and find both in the record history', async ({
    page,
  }, testInfo) => {
    await loginAs(page, phoneFor(testInfo), '/installment');
    const offers = widget(page, 'installment-offers');
    const card = offers.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: '手机分期' }),
    });
    await expect(card).toBeVisible();
    await settled(offers);

    // The reminder: set once, then the button says so (the server keeps it).
    const reminded = page.waitForResponse(api('installment/addRemind'));
    await card.getByRole('button', { name: '设置还款提醒' }).click();
    expect((await reminded).status()).toBe(200);
    await expect(card.getByRole('button', { name: '已设置提醒' })).toBeDisabled();

    // The offer: 6 months, 3000 yuan; the estimate is 2 % of it.
    await card.getByRole('radio', { name: '6期' }).check();
    await card.getByRole('spinbutton', { name: '申请金额（元）' }).fill('3000');
    await expect(card.getByText(/预计补贴60\.00元/)).toBeVisible();
    const applied = page.waitForResponse(api('installment/addCreditRecord'));
    await card.getByRole('button', { name: '立即申请' }).click();
    expect((await applied).status()).toBe(200);

    // The result page shows this record's subsidy, then the history lists it and the reminder.
    await expect(page).toHaveURL(/\/installment\/subsidy-result\?recordId=\d+/);
    await expect(page.getByText('60.00').first()).toBeVisible();
    await page.goto(`${BASE}/installment-record-history`);
    const records = page.getByRole('list', { name: '申请记录' });
    await expect(records.getByRole('listitem')).toHaveCount(1);
    await expect(records).toContainText('手机分期');
    await expect(records).toContainText('3,000.00元');
    await expect(records).toContainText('6期');
    await expect(page.getByText('已设置还款提醒：手机分期')).toBeVisible();

    // The subsidy page counts it against the cap (200 yuan).
    await page.goto(`${BASE}/installment/subsidy-details`);
    await expect(widget(page, 'installment-offers')).toContainText('140.00');
  });
});

test.describe('family N: partner shop settings', () => {
  test('switch the marketing authorisation on and off, and see it persist', async ({
    page,
  }, testInfo) => {
    await loginAs(page, phoneFor(testInfo), '/youpinPage/settings');
    const toggle = page.getByRole('switch', { name: /接收有品活动与优惠信息/ });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    const set = page.waitForResponse(api('userMarketingAuth/updateSwitch'));
    await toggle.click();
    expect((await set).status()).toBe(200);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    // Another visit reads it back from the server.
    await page.reload();
    await expect(page.getByRole('switch', { name: /接收有品活动与优惠信息/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const query = await page.request.get('/mp/api/userMarketingAuth/querySwitch');
    expect(((await query.json()) as { result: { status: number } }).result.status).toBe(1);

    await page.getByRole('switch', { name: /接收有品活动与优惠信息/ }).click();
    await expect(page.getByRole('switch', { name: /接收有品活动与优惠信息/ })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.reload();
    await expect(page.getByRole('switch', { name: /接收有品活动与优惠信息/ })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});

test.describe('family N: partner shop', () => {
  test('join the member club and see the member prices', async ({ page }, testInfo) => {
    await loginAs(page, phoneFor(testInfo), '/youpinPage');
    const specials = widget(page, 'data-list');
    await expect(specials).toContainText('入会可享¥39');
    const joined = page.waitForResponse(api('configActivity/register'));
    await page.getByRole('button', { name: '免费加入有品会员' }).click();
    expect((await joined).status()).toBe(200);
    await expect(specials).toContainText('会员价¥39 · 原价¥59');
    await expect(page.getByText('您已是有品会员')).toBeVisible();
    await expect(page.getByRole('button', { name: '免费加入有品会员' })).toHaveCount(0);
  });
});

test.describe('family I: phone bill', () => {
  test('claim the phone-bill equity once and find it under my equities', async ({
    page,
  }, testInfo) => {
    await loginAs(page, phoneFor(testInfo), '/phoneBill/exchange');
    const equity = widget(page, 'phone-bill-equity');
    await expect(equity.getByText('剩余领取次数')).toBeVisible();
    const claimed = page.waitForResponse(api('newPhone/send'));
    await equity.getByRole('button', { name: '立即领取' }).click();
    expect((await claimed).status()).toBe(200);
    await expect(equity.getByRole('button', { name: '今日已领取，明天再来' })).toBeDisabled();
    await expect(equity.getByRole('list', { name: '我的权益' })).toContainText('话费券');
  });
});
