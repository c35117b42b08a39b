import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, phoneFor } from './helpers';

// ../shared/BREADTH.md "when a route counts as done", point 2, for every route with a page: at
// 375x812, logged out and logged in, no 404 screen, no page or console error, no 5xx or 404 from
// /mp/api/, the first screen visible, and no WCAG 2.1 A/AA violation found by axe-core.

const manifest = JSON.parse(readFileSync('dist/pages/manifest.json', 'utf8')) as {
  routes: Record<string, string>;
};
const routes = Object.keys(manifest.routes);

test.use({ viewport: { width: 375, height: 812 } });

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (
      url.pathname.startsWith('/mp/api/') &&
      (response.status() >= 500 || response.status() === 404)
    ) {
      problems.push(`${response.status()} ${url.pathname}`);
    }
  });
  return problems;
}

async function check(page: Page, route: string, problems: string[]): Promise<void> {
  await page.goto(`${BASE}${route === '/' ? '/' : route}`, { waitUntil: 'networkidle' });
  await expect(page.locator('[data-screen="not-found"]')).toHaveCount(0);
  await expect(page.locator('#root main').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.nodes.length}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect({ route, problems, axe: found }).toEqual({ route, problems: [], axe: [] });
}

test.describe('every route, logged out', () => {
  for (const route of routes) {
    test(route, async ({ page }) => {
      const problems = watch(page);
      await check(page, route, problems);
    });
  }
});

test.describe('every route, logged in', () => {
  for (const route of routes) {
    test(route, async ({ page }, testInfo) => {
      await loginAs(page, phoneFor(testInfo), '/');
      const problems = watch(page);
      await check(page, route, problems);
    });
  }
});
