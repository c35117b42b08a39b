import {
  devices,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { api, BASE, loginAs, maskedPhone, phoneFor, recordWebmIn, widget } from './helpers';

// Issue 32 items 2 and 3: reviewed guide videos, the invite page, the contract-phone pages. Each
// sign-in has its own phone (one SMS code per phone per minute).

/** playwright.config.ts starts the server with this OPS_TOKEN. */
const OPS = { authorization: 'Bearer e2e-ops-token' };
const SHOTS = 'test-results/issue32';

/** A second visitor in a browser of their own (cookies not shared with `page`). */
async function otherVisitor(browser: Browser, phone: string, path: string): Promise<Page> {
  // The project's device and address, like the test's own page.
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    ...(baseURL ? { baseURL } : {}),
  });
  const page = await context.newPage();
  await loginAs(page, phone, path);
  return page;
}

/** Uploads a 3.5 s WebM from the release page and submits it under `title`. */
async function submitGuide(page: Page, title: string): Promise<void> {
  const upload = widget(page, 'video-upload');
  const webm = await recordWebmIn(page, 3.5);
  await upload
    .locator('input[type="file"][accept*="video"]')
    .setInputFiles({ name: 'guide.webm', mimeType: 'video/webm', buffer: webm });
  await expect(upload.getByText('已选择：guide.webm')).toBeVisible();
  await upload.getByLabel('标题').fill(title);
  const submitted = page.waitForResponse(api('video/addVideoGuide'));
  await upload.getByRole('button', { name: '提交作品' }).click();
  expect((await submitted).ok()).toBe(true);
  await expect(upload.getByRole('status')).toHaveText('提交成功，审核通过后展示');
}

/** The operator's queue entry of `title` (the review API of docs/api.md). */
async function queued(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get('/mp/api/ops/videoGuide/queue', {
    headers: OPS,
    params: { activityCode: 'demo-luckdraw', limit: 100 },
  });
  expect(res.status()).toBe(200);
  const { result } = (await res.json()) as {
    result: { list: { guideId: number; title: string }[] };
  };
  const entry = result.list.find((g) => g.title === title);
  expect(entry, `${title} waits in the review queue`).toBeTruthy();
  return entry?.guideId ?? 0;
}

/** The gallery tab of /videoActivity as `page`'s user sees it. */
async function gallery(page: Page) {
  await page.goto(`${BASE}/videoActivity`);
  await page.getByRole('tab', { name: '作品广场' }).click();
  const list = widget(page, 'video-upload');
  await expect(list.getByRole('heading', { name: '作品广场' })).toBeVisible();
  // Loaded: either the list or the empty notice.
  await expect(list.locator('.w-video-upload__guides, .w-kit-state').first()).toBeVisible();
  return list;
}

test('upload → pending (the submitter sees it, another user does not) → approved → visible to another user', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `审核攻略 ${phoneFor(testInfo).slice(-6)}`;
  await loginAs(page, phoneFor(testInfo, 'author'), '/videoActivity/release');
  await submitGuide(page, title);

  const mine = widget(page, 'video-upload', 1);
  const entry = mine.getByRole('listitem').filter({ hasText: title });
  await expect(entry.getByText('审核中，通过后展示在作品广场')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await entry.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/release-pending.png` });

  const viewer = await otherVisitor(browser, phoneFor(testInfo, 'viewer'), '/videoActivity');
  await expect((await gallery(viewer)).getByText(title)).toHaveCount(0);

  const guideId = await queued(page.request, title);
  const approved = await page.request.post('/mp/api/ops/videoGuide/approve', {
    headers: OPS,
    data: { guideId, operator: 'e2e-operator' },
  });
  expect(approved.status()).toBe(200);
  // A second decision on the same guide is a conflict, never a second state change.
  const again = await page.request.post('/mp/api/ops/videoGuide/reject', {
    headers: OPS,
    data: { guideId, operator: 'late-operator', reason: '重复' },
  });
  expect(again.status()).toBe(409);

  await expect((await gallery(viewer)).getByText(title)).toBeVisible();
  await page.reload();
  await expect(
    widget(page, 'video-upload', 1)
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByText('已通过审核，正在展示'),
  ).toBeVisible();
  await viewer.context().close();
});

test('rejected → never visible to another user; the submitter reads the reason', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `驳回攻略 ${phoneFor(testInfo).slice(-6)}`;
  const reason = '视频含有广告内容，请修改后重新提交';
  await loginAs(page, phoneFor(testInfo, 'author'), '/videoActivity/release');
  await submitGuide(page, title);
  const guideId = await queued(page.request, title);
  const rejected = await page.request.post('/mp/api/ops/videoGuide/reject', {
    headers: OPS,
    data: { guideId, operator: 'e2e-operator', reason },
  });
  expect(rejected.status()).toBe(200);
  // No token: the operator routes do not exist.
  expect((await page.request.get('/mp/api/ops/videoGuide/queue')).status()).toBe(404);

  await page.goto(`${BASE}/videoActivity/myGuideRecords`);
  const entry = widget(page, 'video-upload').getByRole('listitem').filter({ hasText: title });
  await expect(entry.getByText('未通过审核')).toBeVisible();
  await expect(entry.getByText(`原因：${reason}`)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/my-guides-rejected.png`, fullPage: true });

  const viewer = await otherVisitor(browser, phoneFor(testInfo, 'viewer'), '/videoActivity');
  await expect((await gallery(viewer)).getByText(title)).toHaveCount(0);
  const rank = await viewer.request.get('/mp/api/generalActivity/getVideoRank', {
    params: { activityCode: 'demo-luckdraw', limit: 100 },
  });
  expect(JSON.stringify(await rank.json())).not.toContain(title);
  await viewer.context().close();
});

test('invite: my code and progress are shown; a friend opens my packet from my link, once', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const inviterPhone = phoneFor(testInfo, 'inviter');
  await loginAs(page, inviterPhone, '/invite');
  const card = widget(page, 'qr-card');
  const codeText = card.locator('.w-qr-card__value strong');
  await expect(codeText).toHaveText(/^[A-Z2-9]{12}$/);
  const code = (await codeText.textContent()) ?? '';
  const invite = widget(page, 'new-user-packet');
  await expect(invite.getByText('已邀请0位好友，前10位每位得2.00金米')).toBeVisible();

  const friendPhone = phoneFor(testInfo, 'friend');
  const friend = await otherVisitor(browser, friendPhone, `/invite?shareCode=${code}`);
  const packet = widget(friend, 'new-user-packet');
  await expect(packet.getByText('好友送你一个红包，拆开得1.00金米')).toBeVisible();
  const opened = friend.waitForResponse(api('generalActivity/openInvitePacket'));
  await packet.getByRole('button', { name: '拆开好友红包' }).click();
  expect((await opened).ok()).toBe(true);
  await expect(packet.getByRole('button', { name: '拆开好友红包' })).toHaveCount(0);
  // Opening again (a second tap from an old page) answers the first opening, pays nothing more.
  const second = await friend.request.get('/mp/api/generalActivity/openInvitePacket', {
    params: { activityCode: 'invite', shareCode: code },
  });
  expect(((await second.json()) as { result: { firstOpen: boolean } }).result.firstOpen).toBe(
    false,
  );
  // My own link never offers me my own packet.
  await page.goto(`${BASE}/invite?shareCode=${code}`);
  await expect(invite.getByText('已邀请1位好友，前10位每位得2.00金米')).toBeVisible();
  await expect(invite.getByText(maskedPhone(friendPhone))).toBeVisible();
  await expect(invite.getByRole('button', { name: '拆开好友红包' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/invite.png` });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('.w-qr-card__value strong')).toHaveText(code);
  await page.screenshot({ path: `${SHOTS}/invite-code.png` });
  await friend.context().close();
});

test('contract pages show phones, plans and subsidies; details open and an application is taken', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  for (const route of ['/contract-beta', '/contract-new']) {
    await page.goto(`${BASE}${route}`);
    const offers = widget(page, 'contract-offers');
    await expect(offers.getByRole('listitem', { name: '小米15' })).toBeVisible();
    await expect(offers.getByRole('heading', { name: '合约套餐' })).toBeVisible();
  }
  await loginAs(page, phoneFor(testInfo), '/contract');
  const offers = widget(page, 'contract-offers');
  const phone = offers.getByRole('listitem', { name: 'Redmi K80' });
  await expect(phone.getByText('合约价低至¥1299')).toBeVisible();
  await expect(phone.getByText('最高补贴¥1680')).toBeVisible();
  await expect(offers.getByText('¥59/月 · 24个月')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await offers.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/contract.png` });

  await phone.getByRole('button', { name: '查看详情' }).click();
  await expect(phone.getByText('6550mAh 电池')).toBeVisible();
  await phone.getByRole('radio', { name: /99元尊享套餐/ }).check();
  await page.screenshot({ path: `${SHOTS}/contract-details.png` });
  const applied = page.waitForResponse(api('contractPhone/apply'));
  await phone.getByRole('button', { name: '立即申请' }).click();
  expect((await applied).ok()).toBe(true);
  await expect(offers.getByRole('note')).toHaveText(
    '已申请：Redmi K80（99元尊享套餐），合约价¥1299，共补贴¥1680',
  );
  await expect(phone.getByRole('button', { name: '已申请' })).toBeDisabled();
  await page.reload();
  await expect(widget(page, 'contract-offers').getByRole('note')).toContainText('Redmi K80');
});
