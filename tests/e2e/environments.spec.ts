import { expect, request, test } from '@playwright/test';
import { bridgeToasts, useFakeBridge } from './fake-bridge';
import {
  ANDROID_CHROME,
  FAKE_WECHAT_SDK,
  FINANCE_APP,
  stubDownloadPage,
  useAgent,
  WECHAT,
} from './agents';
import { loginByRequest, phoneFor, SIGN_IN_HEADING, WEB_LOGIN_REQUEST } from './helpers';

// ?fakeBridge=<app> addresses below open the page inside a fake provider app.
test.beforeEach(({ page }) => useFakeBridge(page));

// Issue 3: the same page takes the right share, login and open-app paths in a plain browser,
// in WeChat (its JS-SDK served by the test) and inside the finance app (the fake bridge).

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
    await expect(page.getByRole('dialog', { name: '点击右上角「···」，分享给好友' })).toBeVisible();
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

  test("share and login go through the native bridge, never to web login; the tap's toast is the app's (spec §7)", async ({
    page,
  }) => {
    await page.goto('/mp/activity/invite?fakeBridge=finance');
    await page.getByRole('button', { name: '分享给好友' }).click();
    // The share's success toast is the app's native toast: the bridge got it, the page shows none.
    await expect.poll(() => bridgeToasts(page)).toEqual(['分享成功']);
    await expect(page.getByTestId('ui-toast')).toHaveCount(0);
    await expect(page.getByText('分享成功')).toHaveCount(0);
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

test.describe('inside the finance app, the real-login check (spec §4)', () => {
  test.beforeEach(({ page }) => useAgent(page, FINANCE_APP));

  test("a page that starts logged out reloads when the app's session cookies arrive", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    // The app's session, made beforehand: under load the sign-in flow alone could outlast the
    // check's window (200 ms x 15), which is not what this test is about.
    const app = await request.newContext(baseURL ? { baseURL } : {});
    await loginByRequest(app, phoneFor(testInfo));
    const { cookies } = await app.storageState();
    await app.dispose();
    // The check starts with the app, when it loads the auth service's chunk; it polls for
    // 200 ms x 15, which on a loaded machine can end before the page has even hydrated.
    const checking = page.waitForRequest(/\/assets\/auth-[\w-]+\.js$/);
    await page.goto('/mp/activity/invite?fakeBridge=finance');
    const login = page.getByRole('button', { name: '登录领取邀请奖励' });
    await checking;
    // The app writes its cookies a moment after the page started.
    const reloaded = page.waitForEvent('load');
    await context.addCookies(cookies);
    await reloaded;
    await expect(login).toHaveCount(0);
  });
});

test.describe('plain mobile browser, an activity that asks for the wallet app', () => {
  test.beforeEach(({ page }) => useAgent(page, ANDROID_CHROME));

  test('an activity asking for openAppWay 2 opens the wallet app and checks once, 2000 ms after the jump (spec §3, §4)', async ({
    page,
  }) => {
    // /nfc's activity (server/activities/nfc-integral.json): openAppNeed 1, openAppWay 2.
    await stubDownloadPage(page);
    const failures: unknown[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('failed to open link')) {
        void message
          .args()[1]
          ?.jsonValue()
          .then((data: unknown) => failures.push(data));
      }
    });
    await page.goto('/mp/activity/nfc');
    const bar = page.getByRole('region', { name: '打开App' });
    await expect(bar.getByText('打开钱包App，开通NFC交通卡')).toBeVisible();
    // The activity's openApp fields decide the app: tap once they are in (a tap before them
    // opens the page in the default app, the finance app).
    await page.waitForLoadState('networkidle');
    const started = Date.now();
    await bar.getByRole('button', { name: '打开App' }).click();
    // The page stays visible (no wallet app here): the wallet's download page after the check.
    await expect(page).toHaveURL('https://www.mi.com/wallet/download', { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(failures).toEqual([
      {
        target: expect.stringMatching(/^miwallet:\/\/browser\?url=.*%2Fmp%2Factivity%2Fnfc/),
        reason: 'page still visible after the check',
      },
    ]);
  });
});
