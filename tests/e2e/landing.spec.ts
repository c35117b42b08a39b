import { expect, test } from '@playwright/test';

// spec §2: the deep-link landing pages outside the base path. The automatic open of an app
// scheme never completes in a test browser, so navigation waits only for the response.

test('/activity/dlink shows the open button for an allowed app link', async ({ page }) => {
  const target = 'miwallet://browser?url=https%3A%2F%2Fwww.mi.com%2F';
  await page.goto(`/activity/dlink?schema=${encodeURIComponent(target)}`, { waitUntil: 'commit' });
  await expect(
    page.getByRole('button', { name: '打开App' }).or(page.getByRole('link', { name: '打开App' })),
  ).toBeVisible({
    timeout: 10_000,
  });
});

test('/activity/dlink refuses a javascript: target and opens nothing', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto(`/activity/dlink?schema=${encodeURIComponent('javascript:alert(1)')}`, {
    waitUntil: 'commit',
  });
  await expect(page.getByText('链接无效或不安全，已阻止打开')).toBeVisible();
  await expect(page.getByRole('button', { name: '打开App' })).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test('/activity/dlink-mipay refuses a scheme outside limitApp', async ({ page }) => {
  const target = 'mifinance://home';
  await page.goto(
    `/activity/dlink-mipay?schema=${encodeURIComponent(target)}&timeout=500&limitApp=mipay`,
    { waitUntil: 'commit' },
  );
  await expect(page.getByText('链接无效或不安全，已阻止打开')).toBeVisible();
});
