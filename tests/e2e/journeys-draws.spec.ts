import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { api, BASE, loginByRequest, phoneFor, settled, submitLoginForm, widget } from './helpers';

// Issue 32 items 1 and 4: /goldCloseBy's two draws (spec §2: id 173, or 345 on an "m." host), the
// flash draw in its rounds (spec §7 flashLuckDraw with coordinates) and a quarter-3 new-phone
// draw (spec §7 newPhone q3index / q3send), against the reference server.

test.use({ viewport: { width: 375, height: 812 } });

interface DrawAnswer {
  code: number;
  result: { prizeId: string; prizeName: string; prizeType: string; remainChance: number };
}

/** "剩余抽奖机会：2次" (the widget's chancesText; the spacing is the copy's, not the rule's). */
const chancesOf = (n: number) => new RegExp(`^剩余抽奖机会：\\s*${n}\\s*次$`);

const chancesLine = (page: Page, nth = 0) =>
  widget(page, 'lucky-draw', nth).getByText(/^剩余抽奖机会：/);

/** The form-encoded body of a POST (spec §7: POST sends a form-encoded body). */
const formOf = (request: Request) => new URLSearchParams(request.postData() ?? '');

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Draws once on the nth lucky-draw widget; returns the server's answer and the request sent. */
async function drawOnce(page: Page, call: string, button: string, nth = 0) {
  const draw = widget(page, 'lucky-draw', nth);
  const answer = page.waitForResponse(
    (r) =>
      api(`generalActivity/${call}`).test(new URL(r.url()).pathname) &&
      r.request().method() === 'POST',
  );
  await draw.getByRole('button', { name: button }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as DrawAnswer;
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.locator('.w-lucky-draw__dialog-name')).toHaveText(body.result.prizeName);
  // A win closes with "开心收下", a "thanks" result with a neutral word (thanksCloseText).
  await dialog
    .getByRole('button', { name: body.result.prizeType === 'thanks' ? '知道了' : '开心收下' })
    .click();
  await expect(dialog).toHaveCount(0);
  return { body, request: response.request() };
}

const GOLD_CLOSE_BY = [
  { id: '173', host: null, code: 'gold-close-by', title: '金币收官抽奖', daily: 3 },
  {
    id: '345',
    host: 'm.campaign.test',
    code: 'gold-close-by-m',
    title: '金币收官·手机专享抽奖',
    daily: 2,
  },
] as const;

for (const draw of GOLD_CLOSE_BY) {
  test(`goldCloseBy → the draw of id ${draw.id}: its own activity, chances go down, the record is in its history`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(60_000);
    const origin = draw.host
      ? `http://${draw.host}:${new URL(baseURL ?? '').port}`
      : (baseURL ?? '');
    // Signed in through the browser (the request API does not resolve the "m." test host), back
    // to /goldCloseBy, which sends the visitor on to the draw.
    await page.goto(
      `${origin}/mp/api/login?requestUrl=${encodeURIComponent(`${BASE}/goldCloseBy`)}`,
    );
    await submitLoginForm(page, phoneFor(testInfo));
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await expect(page).toHaveURL(/\/luckdrawPage\?/);
    await page.reload();
    await expect(page).toHaveURL(
      new RegExp(`${BASE}/luckdrawPage\\?id=${draw.id}&from=goldCloseBy$`),
    );
    await expect(page.getByRole('heading', { name: draw.title })).toBeVisible();
    await expect(chancesLine(page)).toHaveText(chancesOf(draw.daily));
    // Hydrated from the prerendered gate to this visitor's draw without a mismatch.
    expect(problems).toEqual([]);
    await settled(widget(page, 'lucky-draw'));
    if (!draw.host) await screenshot(page, 'luckdrawPage-173');

    const { body, request } = await drawOnce(page, 'luckDraw', '立即抽奖');
    expect(formOf(request).get('activityCode')).toBe(draw.code);
    // spec §3: the landing's `from` goes with every call as `channel`.
    const channel =
      formOf(request).get('channel') ?? new URL(request.url()).searchParams.get('channel');
    expect(channel).toBe('goldCloseBy');
    // None of these prizes pays a chance back: one draw costs one.
    expect(body.result.remainChance).toBe(draw.daily - 1);
    await expect(chancesLine(page)).toHaveText(chancesOf(draw.daily - 1));

    await widget(page, 'lucky-draw').getByRole('button', { name: '抽奖记录' }).click();
    await expect(page).toHaveURL(
      new RegExp(`${BASE}/luckdrawPage/history\\?activity=${draw.code}$`),
    );
    const all = widget(page, 'prize-records');
    await expect(all.locator('.w-prize-records__name')).toHaveText([body.result.prizeName]);
    if (!draw.host) await screenshot(page, 'luckdrawPage-history-173');
  });
}

/** Real hostile inputs (the shared corpora), read by path; a few of each are enough here. */
function hostileIds(): string[] {
  const dir = [
    join(process.cwd(), '../shared/corpora'),
    join(process.cwd(), '../../shared/corpora'),
  ].find((candidate) => existsSync(candidate));
  if (!dir) return [];
  const xss = (JSON.parse(readFileSync(join(dir, 'xss/payloads.json'), 'utf8')) as unknown[])
    .filter((p): p is string => typeof p === 'string')
    .filter((p) => p.includes('<'))
    .slice(0, 2);
  const redirects = readFileSync(join(dir, 'redirect/payloads.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 2);
  return [...xss, ...redirects];
}

test('an unknown or hostile id gets a clear message, never an empty page or another activity', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const id of ['999', '__proto__', ...hostileIds()]) {
    await page.goto(`${BASE}/luckdrawPage?id=${encodeURIComponent(id)}&from=goldCloseBy`);
    await expect(page.getByRole('heading', { name: '没有找到这个抽奖活动' })).toBeVisible();
    await expect(page.locator('[data-widget="lucky-draw"]')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(`${BASE}/luckdrawPage`);
  }
  expect(dialogs).toEqual([]);
  await screenshot(page, 'luckdrawPage-unknown');
  await page.getByRole('link', { name: '去幸运大抽奖' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/luckDraw$`));
});

test('flash draw on /luckDraw: inside a round, the tap coordinates are sent and the server draws', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await loginByRequest(page.request, phoneFor(testInfo));
  await page.goto(`${BASE}/luckDraw`);
  const flash = widget(page, 'lucky-draw', 1);
  await expect(flash.getByRole('heading', { name: '限时闪抽' })).toBeVisible();
  // The demo's rounds cover the whole day (server/activities/flash-draw.json): one is open.
  await expect(flash.getByText(/^第[1-4]场进行中 · \d\d:\d\d–\d\d:\d\d$/)).toBeVisible();
  await expect(chancesLine(page, 1)).toHaveText(chancesOf(2));
  await flash.scrollIntoViewIfNeeded();
  await screenshot(page, 'luckDraw-flash');

  const { body, request } = await drawOnce(page, 'flashLuckDraw', '点我闪抽', 1);
  const form = formOf(request);
  expect(form.get('activityCode')).toBe('flash-draw');
  expect(form.get('coordinates')).toMatch(/^\d+,\d+$/);
  expect(body.result.remainChance).toBe(1);
  await expect(chancesLine(page, 1)).toHaveText(chancesOf(1));
  // The main wheel is another activity: its chances did not move.
  await expect(chancesLine(page, 0)).not.toHaveText(chancesOf(0));
});

test('a quarter-3 new-phone draw on /newPhoneEquity, in its own window; quarter 5 has not started', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await loginByRequest(page.request, phoneFor(testInfo));
  await page.goto(`${BASE}/newPhoneEquity`);
  const tabs = widget(page, 'tabs');
  await expect(tabs.getByRole('tab', { name: '第三季' })).toHaveAttribute('aria-selected', 'true');
  const q3 = tabs.locator('[data-widget="phone-bill-equity"]');
  await expect(q3.getByRole('heading', { name: '第三季新机权益' })).toBeVisible();
  await expect(q3.getByText('活动时间：2026-07-01 – 2030-09-30')).toBeVisible();
  await expect(q3.getByText('剩余领取次数：1 次')).toBeVisible();
  await q3.scrollIntoViewIfNeeded();
  await screenshot(page, 'newPhoneEquity-q3');

  const sent = page.waitForResponse(
    (r) =>
      api('newPhone/q3send').test(new URL(r.url()).pathname) && r.request().method() === 'POST',
  );
  await q3.getByRole('button', { name: '立即领取' }).click();
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(formOf(response.request()).get('activityCode')).toBe('new-phone-q3');
  const won = ((await response.json()) as DrawAnswer).result.prizeName;
  await expect(q3.getByRole('button', { name: '今日已领取，明天再来' })).toBeDisabled();
  await expect(q3.getByRole('list', { name: '我的权益' })).toContainText(won);

  await tabs.getByRole('tab', { name: '第五季' }).click();
  const q5 = tabs.locator('[data-widget="phone-bill-equity"]');
  await expect(q5.getByRole('heading', { name: '第五季新机权益' })).toBeVisible();
  await expect(q5.getByRole('button', { name: '本期未开始' })).toBeDisabled();
});
