import { createRequire } from 'node:module';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type AxeCore from 'axe-core';
import { useFakeBridge } from './fake-bridge';
import { BASE, loginByRequest, phoneFor } from './helpers';

// Issue 32 item 5, spec §7 "Native bridge" (theme mode): every page follows the phone's colour
// scheme in browsers and the app's theme mode inside the apps, chosen before the first paint
// (decision 0043: CSS custom properties, `prefers-color-scheme`, `data-theme` from the bridge),
// readable in both (axe-core's WCAG 2.1 AA rules, colour contrast included). Screenshots of both
// themes at 375x812 are written to this test's output folder, to be looked at.

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const VIEWPORT = { width: 375, height: 812 };

/**
 * Representative pages: draws, forms, lists, tabs, an invitation card, shop pages, a help page,
 * and documents with their own accent colour and background tint.
 */
const ROUTES = [
  '/luckDraw',
  '/invite',
  '/nfcIntegral/supplement',
  '/installment',
  '/miCar/invitation',
  '/youkuVipPage',
  '/helpCenter',
  '/pointsActivity/citicMarketing',
  '/nfcIntegral/exchange',
  '/phoneBill',
] as const;

/** The dark palette's page background and surface (src/app/global.css). */
const DARK_BG = 'rgb(18, 18, 18)';
const DARK_SURFACE = 'rgb(30, 30, 30)';
const LIGHT_BG = 'rgb(245, 245, 245)';
const LIGHT_SURFACE = 'rgb(255, 255, 255)';

async function openPage(
  browser: Browser,
  baseURL: string | undefined,
  colorScheme: 'light' | 'dark',
  options: { javaScript?: boolean; loggedIn?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    ...(baseURL ? { baseURL } : {}),
    locale: 'zh-CN',
    colorScheme,
    javaScriptEnabled: options.javaScript ?? true,
  });
  await context.addInitScript({ path: AXE_SOURCE });
  if (options.loggedIn) await loginByRequest(context.request, options.loggedIn);
  return context.newPage();
}

async function axeViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof AxeCore }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({
      id: v.id,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
  }, AXE_TAGS);
  return violations.map(({ id, targets }) => `${id}: ${targets.slice(0, 4).join(', ')}`);
}

const backgrounds = (page: Page) =>
  page.evaluate(() => ({
    body: getComputedStyle(document.body).backgroundColor,
    page: getComputedStyle(document.querySelector('main.ce-page') ?? document.body).backgroundColor,
  }));

test.describe('the phone prefers dark: every representative page is dark and axe-clean', () => {
  for (const route of ROUTES) {
    test(route, async ({ browser, baseURL }, testInfo) => {
      for (const scheme of ['dark', 'light'] as const) {
        const page = await openPage(browser, baseURL, scheme, {
          loggedIn: phoneFor(testInfo, scheme),
        });
        await page.goto(`${BASE}${route}`);
        await expect(page.locator('#root main').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const name = `${route.slice(1).replaceAll('/', '_') || 'home'}-${scheme}.png`;
        await page.screenshot({ path: testInfo.outputPath(name) });
        // Light: the page's surface may be the document's own tint (checked below).
        expect((await backgrounds(page)).body).toBe(scheme === 'dark' ? DARK_BG : LIGHT_BG);
        if (scheme === 'dark') expect((await backgrounds(page)).page).toBe(DARK_SURFACE);
        expect({ route, scheme, axe: await axeViolations(page) }).toEqual({
          route,
          scheme,
          axe: [],
        });
        await page.context().close();
      }
    });
  }
});

test('the prerendered HTML is dark before any script runs (nothing flashes)', async ({
  browser,
  baseURL,
}) => {
  const dark = await openPage(browser, baseURL, 'dark', { javaScript: false });
  await dark.goto(`${BASE}/luckDraw`);
  await expect(dark.locator('#root main').first()).toBeVisible();
  expect(await backgrounds(dark)).toEqual({ body: DARK_BG, page: DARK_SURFACE });
  await dark.context().close();

  // A document's own light tint (layout.background) is the light theme's only.
  const light = await openPage(browser, baseURL, 'light', { javaScript: false });
  await light.goto(`${BASE}/nfc`);
  expect((await backgrounds(light)).page).toBe('rgb(231, 245, 255)');
  await light.context().close();
});

test.describe('inside the finance app (fake bridge)', () => {
  test("the page follows the app's dark theme on a phone that prefers light", async ({
    browser,
    baseURL,
  }, testInfo) => {
    const page = await openPage(browser, baseURL, 'light');
    await useFakeBridge(page);
    await page.goto(`${BASE}/invite?fakeBridge=finance&fakeBridgeTheme=dark`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await backgrounds(page)).toEqual({ body: DARK_BG, page: DARK_SURFACE });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: testInfo.outputPath('invite-app-dark.png') });
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  test("the page follows the app's light theme on a phone that prefers dark", async ({
    browser,
    baseURL,
  }) => {
    const page = await openPage(browser, baseURL, 'dark');
    await useFakeBridge(page);
    await page.goto(`${BASE}/invite?fakeBridge=finance&fakeBridgeTheme=light`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect((await backgrounds(page)).page).toBe(LIGHT_SURFACE);
    await page.context().close();
  });
});
