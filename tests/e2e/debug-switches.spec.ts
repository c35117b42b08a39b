import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREVIEW_STATUS_PATH } from '../../src/app/preview/api-status';
import { PREVIEW_PARAMS } from '../../src/app/preview/overrides';
import { PREVIEW_NOW_HEADER } from '../../src/spec/constants';
import { useFakeBridge } from './fake-bridge';
import { BASE } from './helpers';

// Issue 35: the debug switches (?preview, ?fakeBridge, ?fakeDate, ?fakeHost, the preview bar)
// are dev-server only. The end-to-end server serves the production build (dist/, vite build),
// so these tests check that build, as a deployment would serve it.

const DIST_ASSETS = fileURLToPath(new URL('../../dist/assets/', import.meta.url));
const SWITCHES = `?preview&fakeBridge=wallet&fakeBridgeVersion=9.9.9&fakeDate=2030-01-01&fakeHost=wechat`;

/** spec §3 visitEnvironment of the page's API calls: 1 a browser, 2 inside a provider app. */
async function visitEnvironments(page: Page, address: string): Promise<string[]> {
  const seen = new Set<string>();
  page.on('request', (request) => {
    if (!request.url().includes('/mp/api/')) return;
    const query = new URL(request.url()).searchParams.get('visitEnvironment');
    const body = /"visitEnvironment":(\d)/.exec(request.postData() ?? '')?.[1];
    for (const value of [query, body]) if (value) seen.add(value);
  });
  await page.goto(address);
  await expect(page.locator('[data-widget]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return [...seen];
}

test('the production bundle holds none of the switches’ code', () => {
  // The preview's date header and API status (issue 34) are the preview's alone too.
  const names = [
    ...Object.values(PREVIEW_PARAMS),
    'fakeBridgeNfc',
    'fakeBridgeWechat',
    PREVIEW_NOW_HEADER,
    PREVIEW_STATUS_PATH,
  ];
  const scripts = readdirSync(DIST_ASSETS).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const text = readFileSync(path.join(DIST_ASSETS, file), 'utf8');
    for (const name of names) expect(text.includes(name), `${file} names ${name}`).toBe(false);
  }
});

test('?preview&fakeBridge&fakeDate&fakeHost open a plain browser page, no bridge, no bar', async ({
  page,
}) => {
  const plain = await visitEnvironments(page, `${BASE}/luckDraw`);
  expect(plain).toEqual(['1']);
  const switched = await visitEnvironments(page, `${BASE}/luckDraw${SWITCHES}`);
  expect(switched).toEqual(['1']);
  expect(await page.evaluate(() => 'MiFinanceBridge' in window)).toBe(false);
  await expect(page.getByLabel('Preview: app')).toHaveCount(0);
});

test('control: the same page with the tests’ own fake bridge is inside the app', async ({
  page,
}) => {
  await useFakeBridge(page);
  expect(await visitEnvironments(page, `${BASE}/luckDraw${SWITCHES}`)).toEqual(['2']);
  expect(await page.evaluate(() => 'MiFinanceBridge' in window)).toBe(true);
});
