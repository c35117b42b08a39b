import { expect, test, type Request } from '@playwright/test';
import { BASE, api, loginAs, phoneFor, settled, widget } from './helpers';

// Families A (contract sub-screens) and B (account, bank home, cards) of ../shared/BREADTH.md,
// each through its main action against the reference server.

test.use({ viewport: { width: 375, height: 812 } });

/** The params a request carries: its query for a GET, its form body for a POST. */
function paramsOf(request: Request): URLSearchParams {
  if (request.method() === 'GET') return new URL(request.url()).searchParams;
  return new URLSearchParams(request.postData() ?? '');
}

test('contract: complete tasks, see the balance, cash out, see the record', async ({
  page,
}, testInfo) => {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/mp/api/generalActivity/')) sent.push(request);
  });
  await loginAs(page, phoneFor(testInfo), '/contract-new/task?from=e2e-contract');
  const tasks = widget(page, 'task-list');
  await settled(tasks);
  const balance = widget(page, 'balance-withdraw');
  await settled(balance);
  for (const title of ['浏览合约机套餐', '分享专区给好友']) {
    const row = tasks.locator('li').filter({ hasText: title });
    await row.getByRole('button', { name: '领取' }).click();
    await expect(row.getByText('已完成')).toBeVisible();
  }
  // The visit task (0.20) paid on arrival, the two claims 1.00 + 0.60: the balance follows.
  await expect(balance.getByText('1.80', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: '去提现' }).click();
  await expect(page).toHaveURL(`${BASE}/contract-new/cash-out`);
  const cashOut = widget(page, 'balance-withdraw');
  await expect(cashOut.getByText('1.80', { exact: true })).toBeVisible();
  await expect(cashOut.getByRole('button', { name: '2.00元' })).toBeDisabled();
  await cashOut.getByRole('button', { name: '1.00元' }).click();
  const withdraw = page.waitForRequest(api('generalActivity/coinWithDraw'));
  await cashOut.getByRole('button', { name: '立即提现' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定提现' }).click();
  const params = paramsOf(await withdraw);
  expect(params.get('amount')).toBe('100');
  expect(params.get('activityCode')).toBe('contract-new');
  // spec §3: every call carries the common params, in a GET's query and a POST's form body;
  // channel is the landing page's `from`.
  const visit = sent.find(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/visitIndex'),
  );
  for (const request of [params, paramsOf(visit as Request)]) {
    expect(request.get('channel')).toBe('e2e-contract');
    for (const key of ['deviceType', 'system', 'visitEnvironment', 'isNfcPhone', 'userExtra']) {
      expect(request.has(key), key).toBe(true);
    }
    expect(JSON.parse(request.get('userExtra') ?? '{}')).toHaveProperty('platformType');
  }
  expect(sent.every((r) => paramsOf(r).has('visitEnvironment'))).toBe(true);

  await expect(page).toHaveURL(`${BASE}/contract-new/record`);
  const records = widget(page, 'balance-withdraw');
  await expect(records.getByText('提现1.00元')).toBeVisible();
  await expect(records.getByText('处理中')).toBeVisible();
  await expect(records.getByText('浏览合约机套餐')).toBeVisible();
  await expect(records.getByText('分享专区给好友')).toBeVisible();

  // The balance is what is left: the server took the amount once.
  await page.goto(`${BASE}/contract-new/cash-out`);
  await expect(widget(page, 'balance-withdraw').getByText('0.80', { exact: true })).toBeVisible();
});

test('bank: products and the risk notice on the bank home; the card entry reaches /bind-card', async ({
  page,
}, testInfo) => {
  await page.goto(`${BASE}/bank`);
  const loans = widget(page, 'product-list');
  await expect(loans.getByRole('heading', { name: '随借随还' })).toBeVisible();
  await expect(loans.getByText('年化利率(单利) 7.2%起，按日计息')).toBeVisible();
  await expect(
    widget(page, 'product-list', 1).getByRole('heading', { name: '稳健理财' }),
  ).toBeVisible();
  await expect(page.getByRole('complementary', { name: '风险提示' })).toContainText('持牌金融机构');
  // spec §3: the dispatch banner shows the first module for this device type.
  await expect(
    widget(page, 'dispatch-banner').getByRole('img', { name: '开通银行卡 领开户礼' }),
  ).toBeVisible();

  await loginAs(page, phoneFor(testInfo), '/account');
  const cards = widget(page, 'bank-card');
  await expect(cards.getByText('还没有绑定银行卡')).toBeVisible();
  const where = page.waitForRequest(api('configActivity/bindCardUrl'));
  await cards.getByRole('button', { name: '绑定银行卡' }).click();
  await where;
  await expect(page).toHaveURL(`${BASE}/bind-card`);

  const form = widget(page, 'bank-card');
  await form.getByLabel('开户银行').selectOption('招商银行');
  await form.getByLabel('银行卡号').fill('6222020000000015');
  await form.getByLabel(/银行卡绑定服务协议/).check();
  await form.getByRole('button', { name: '确认绑定' }).click();
  await expect(form.getByRole('status')).toHaveText('绑定成功');
  await expect(form.getByText('尾号0015')).toBeVisible();

  // The account lists it; the status call carries the device info (spec §3).
  await page.goto(`${BASE}/account`);
  await expect(widget(page, 'bank-card').getByText('尾号0015')).toBeVisible();
  const status = page.waitForRequest(api('configActivity/bizStatus'));
  await page.goto(`${BASE}/verifyNew`);
  const payload = paramsOf(await status);
  expect(payload.get('activityCode')).toBe('bank');
  expect(payload.get('miuiRomType')).toBe('ANDROID');
  for (const key of [
    'NFCQueryInfo',
    'userExtra',
    'longitude',
    'latitude',
    'isNfcPhone',
    'deviceType',
  ]) {
    expect(payload.has(key), key).toBe(true);
  }
  await expect(
    page.getByText('认证通过！绑定一张本人银行卡，即可领取新用户开户礼。'),
  ).toBeVisible();
});
