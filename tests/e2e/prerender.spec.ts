import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, phoneFor } from './helpers';

// Issue 10: every campaign route's HTML carries its first screen, and the browser hydrates it
// without a mismatch and without rebuilding what was painted.

const manifest = JSON.parse(readFileSync('dist/pages/manifest.json', 'utf8')) as {
  routes: Record<string, string>;
};
const routes = Object.keys(manifest.routes);

/** Console errors and warnings (a hydration mismatch is reported as one) and page errors. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('every route is served with its first screen, title and link-preview tags in the HTML', async ({
  request,
}) => {
  for (const route of routes) {
    const response = await request.get(`${BASE}${route === '/' ? '/' : route}`);
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    expect(html, route).toContain(`data-route="${route}"`);
    expect(html, route).toContain('data-prerender=');
    expect(html, route).not.toMatch(/<title>活动<\/title>/);
    expect(html, route).toContain('<meta property="og:title"');
  }
});

test('the first screen paints with no script at all', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${BASE}/luckDraw`);
  await expect(page.getByRole('img', { name: '幸运大抽奖 好礼天天送' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '幸运大转盘' })).toBeVisible();
  await expect(page.getByRole('button', { name: '立即抽奖' })).toBeVisible();
  await context.close();
});

// Each route's hydration (every painted node kept, no console error or warning) is checked by
// the crawl's logged-out pass (crawl.spec.ts), which opens every route anyway.

test('a logged-in visitor gets the prerendered page corrected to them after hydration', async ({
  page,
}, testInfo) => {
  await loginAs(page, phoneFor(testInfo), '/luckDraw');
  const problems = collectProblems(page);
  await page.reload();
  // The HTML is the route's logged-in page (the request carries the login cookies: decision
  // 0026, amended in session 15), never "log in to draw"; the page then shows this visitor's
  // chances.
  await expect(page.getByText('登录后即可抽奖')).toHaveCount(0);
  await expect(page.getByText(/剩余.*次/).first()).toBeVisible();
  expect(problems).toEqual([]);
});
