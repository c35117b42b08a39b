import { expect, test, type Page } from '@playwright/test';
import { useFakeBridge } from './fake-bridge';
import { SIGN_IN_HEADING, WEB_LOGIN_REQUEST } from './helpers';

// ?fakeBridge=<app> addresses below open the page inside a fake provider app.
test.beforeEach(({ page }) => useFakeBridge(page));

// Issue 3: the same page takes the right share, login and open-app paths in a plain browser,
// in WeChat (its JS-SDK served by the test) and inside the finance app (the fake bridge).

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WECHAT = `${ANDROID_CHROME} MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN`;
const FINANCE_APP = `${ANDROID_CHROME} MiuiFinance/8.80.0`;

/** A stand-in for the messaging app's JS-SDK that records what the page configured. */
const FAKE_WECHAT_SDK = `
window.__wx = { config: null, shares: [] };
const record = (channel) => (data) => window.__wx.shares.push({ channel, link: data.link, title: data.title });
window.wx = {
  config(c) { window.__wx.config = c; },
  ready(fn) { setTimeout(fn, 0); },
  error() {},
  onMenuShareAppMessage: record('wechat'),
  onMenuShareTimeline: record('timeline'),
  onMenuShareQQ: record('qq'),
  onMenuShareQZone: record('qzone'),
  updateAppMessageShareData: record('wechat'),
  updateTimelineShareData: record('timeline'),
};`;

async function useAgent(page: Page, userAgent: string) {
  await page.setExtraHTTPHeaders({ 'user-agent': userAgent });
  await page.addInitScript(
    (ua) => Object.defineProperty(navigator, 'userAgent', { get: () => ua }),
    userAgent,
  );
}

async function stubDownloadPage(page: Page) {
  await page.route('https://www.mi.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>download</title><h1>下载钱包</h1>' }),
  );
}

test.describe('plain mobile browser', () => {
  test.beforeEach(({ page }) => useAgent(page, ANDROID_CHROME));

  test('share asks to confirm the messaging app (no share target, spec §8 row 9), login goes to web login, open-app falls back to the download page', async ({
    page,
  }) => {
    await stubDownloadPage(page);
    await page.goto('/mp/activity/invite');
    await page.getByRole('button', { name: '分享给好友' }).click();
    // Debian's Chromium has no share sheet (navigator.share) on Linux: no share target at all.
    await expect(page.getByText('请确认已安装微信')).toBeVisible();

    await page.getByRole('button', { name: '打开钱包App' }).click();
    // spec §4: 50 ms x 40 visibility poll, then the download page.
    await expect(page).toHaveURL('https://www.mi.com/wallet/download', { timeout: 10_000 });

    await page.goto('/mp/activity/invite');
    const login = page.waitForRequest(WEB_LOGIN_REQUEST);
    await page.getByRole('button', { name: '登录领取邀请奖励' }).click();
    expect(new URL((await login).url()).searchParams.get('requestUrl')).toContain(
      '/mp/activity/invite',
    );
    await expect(page.getByRole('heading', { name: SIGN_IN_HEADING })).toBeVisible();
  });
});

test.describe('WeChat browser', () => {
  test.beforeEach(({ page }) => useAgent(page, WECHAT));

  test('share signs the page with the server and sets the menu share for every channel', async ({
    page,
  }) => {
    await page.route('https://res.wx.qq.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_WECHAT_SDK }),
    );
    const signature = page.waitForRequest((request) =>
      request.url().includes('/mp/api/transpond/wechat'),
    );
    await page.goto('/mp/activity/invite');
    await page.getByRole('button', { name: '分享给好友' }).click();
    const signed = new URL((await signature).url());
    expect(signed.searchParams.get('url')).toContain('/mp/activity/invite');
    await expect(page.getByText('请点击右上角「···」分享')).toBeVisible();
    const wx = await page.evaluate(
      () =>
        (
          window as unknown as {
            __wx: { config: { signature?: string }; shares: { channel: string; link: string }[] };
          }
        ).__wx,
    );
    expect(wx.config.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(wx.shares.map((s) => s.channel).sort()).toEqual(['qq', 'qzone', 'timeline', 'wechat']);
    for (const share of wx.shares)
      expect(new URL(share.link).searchParams.get('from')).toBe(share.channel);
  });

  test('login goes to web login (no bridge in WeChat)', async ({ page }) => {
    await page.goto('/mp/activity/invite');
    const login = page.waitForRequest(WEB_LOGIN_REQUEST);
    await page.getByRole('button', { name: '登录领取邀请奖励' }).click();
    await login;
    await expect(page.getByRole('heading', { name: SIGN_IN_HEADING })).toBeVisible();
  });
});

test.describe('inside the finance app (fake bridge)', () => {
  test.beforeEach(({ page }) => useAgent(page, FINANCE_APP));

  test('share and login go through the native bridge, never to web login', async ({ page }) => {
    await page.goto('/mp/activity/invite?fakeBridge=finance');
    await page.getByRole('button', { name: '分享给好友' }).click();
    await expect(page.getByText('分享成功')).toBeVisible();
    await page.getByRole('button', { name: '登录领取邀请奖励' }).click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (
            window as unknown as { MiFinanceBridge: { calls: { method: string }[] } }
          ).MiFinanceBridge.calls.map((c) => c.method),
        ),
      )
      .toEqual(expect.arrayContaining(['share', 'login']));
    expect(page.url()).toContain('/mp/activity/invite');
  });
});
