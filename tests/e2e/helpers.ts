import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Campaign routes live under this base path (src/spec/constants.ts BASE_PATH). */
export const BASE = '/mp/activity';

/**
 * A mainland mobile number of its own for every test (and every retry of it), so journeys never
 * share a user: 13 followed by nine digits of an FNV-1a hash of the test's title path.
 */
export function phoneFor(testInfo: TestInfo, salt = ''): string {
  const key = [...testInfo.titlePath, String(testInfo.retry), salt].join('\u0000');
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `13${String(hash % 1_000_000_000).padStart(9, '0')}`;
}

/**
 * Signs `phone` in through the real web login form (server/src/auth/login-page.ts) and lands
 * back on `returnPath` (a campaign route such as '/luckDraw'), logged in.
 */
export async function loginAs(page: Page, phone: string, returnPath: string): Promise<void> {
  const target = `${BASE}${returnPath === '/' ? '/' : returnPath}`;
  await page.goto(`/mp/api/login?requestUrl=${encodeURIComponent(target)}`);
  await submitLoginForm(page, phone);
  await expect(page).toHaveURL((url) => url.pathname + url.search === target);
}

/** Fills and sends the web login form the page is on. */
export async function submitLoginForm(page: Page, phone: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The node of one widget on the page (the engine marks each with data-widget). */
export function widget(page: Page, type: string, nth = 0): Locator {
  return page.locator(`[data-widget="${type}"]`).nth(nth);
}

/** Waits until no skeleton or busy placeholder is left inside `scope`. */
export async function settled(scope: Locator): Promise<void> {
  await expect(scope.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(scope).not.toHaveAttribute('aria-busy', 'true');
}

/** A JSON API path of the reference server, e.g. api('generalActivity/luckDraw'). */
export function api(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`/mp/api/${escaped}(\\?|$)`);
}
