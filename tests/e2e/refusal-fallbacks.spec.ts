import { expect, test } from '@playwright/test';
import { APP_DOWNLOAD_PAGES } from '../../src/services/deep-link/app-links';
import { OPEN_APP_MESSAGES } from '../../src/services/deep-link/deep-link-service';
import { SHARE_MESSAGES } from '../../src/services/share/share-copy';
import { ANDROID_CHROME, FINANCE_APP, stubDownloadPage, useAgent, WECHAT } from './agents';

// Issue 33: a way forward on every refusal. The home page has a share entry and an open-app bar
// (campaigns/index.json); each environment says no in its own way.

test.describe('plain mobile browser', () => {
  test.beforeEach(({ page }) => useAgent(page, ANDROID_CHROME));

  test('打开App that does not open goes to the app’s download page, saying so (spec §4)', async ({
    page,
  }) => {
    await stubDownloadPage(page);
    await page.goto('/mp/activity/');
    await page.getByRole('region', { name: '打开App' }).getByRole('button').first().click();
    // spec §4: 50 ms x 40 visibility checks, then the fall-back, with a message.
    await expect(page.getByText(OPEN_APP_MESSAGES.toDownload)).toBeVisible();
    await expect(page).toHaveURL(APP_DOWNLOAD_PAGES.wallet, { timeout: 10_000 });
  });
});

test.describe('WeChat without its JS-SDK', () => {
  test.beforeEach(async ({ page }) => {
    await useAgent(page, WECHAT);
    await page.route('https://res.wx.qq.com/**', (route) => route.abort());
  });

  test('share points at the menu with the guide overlay, which a tap closes', async ({ page }) => {
    await page.goto('/mp/activity/');
    await page.getByRole('button', { name: '分享给好友' }).click();
    const guide = page.getByRole('dialog', { name: SHARE_MESSAGES.useMenu });
    await expect(guide).toBeVisible();
    await page.screenshot({ path: testInfoPath('wechat-share-guide.png') });
    await guide.click();
    await expect(guide).toBeHidden();
  });

  test('打开App that does not open goes to the download page too', async ({ page }) => {
    await stubDownloadPage(page);
    await page.goto('/mp/activity/');
    await page.getByRole('region', { name: '打开App' }).getByRole('button').first().click();
    await expect(page).toHaveURL(APP_DOWNLOAD_PAGES.wallet, { timeout: 10_000 });
  });
});

test.describe('the finance app without a bridge answer', () => {
  test.beforeEach(({ page }) => useAgent(page, FINANCE_APP));

  test('share copies the link and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/mp/activity/');
    await page.getByRole('button', { name: '分享给好友' }).click();
    await expect(page.getByText(SHARE_MESSAGES.linkCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe('/mp/activity/');
  });
});

function testInfoPath(name: string): string {
  return test.info().outputPath(name);
}
