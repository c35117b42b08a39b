import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, phoneFor } from './helpers';

// Issue 33, item 1: a logged-in visitor on a slow phone read the logged-out prerender's
// "登录后… 立即登录" until the page hydrated, and on /newPhoneEquity and /phoneBill even after the
// network went idle. The server now sends a visitor with the login cookies (spec §4) the page
// prerendered logged in (decision 0026, amended in session 15): from the first paint to idle,
// no login prompt, and hydration keeps every painted node (no mismatch, nothing rebuilt).

const ROUTES = ['/newPhoneEquity', '/phoneBill', '/'];
/** What a login prompt says (the widgets' 立即登录 button, their 登录后… texts). */
const LOGIN_PROMPT = /立即登录|登录后/;

test.use({ viewport: { width: 375, height: 812 } });

/**
 * From the moment the document is parsed: every text #root ever shows that matches
 * LOGIN_PROMPT (window.loginPromptsSeen), and the painted nodes marked, to tell afterwards
 * whether hydration kept them (as the crawl does for the logged-out visitor).
 */
const WATCH = `(() => {
  const prompt = ${LOGIN_PROMPT.toString()};
  window.loginPromptsSeen = [];
  const look = (when) => {
    const root = document.getElementById('root');
    const text = root ? root.textContent : '';
    const found = prompt.exec(text || '');
    if (found) window.loginPromptsSeen.push(when + ': …' + text.slice(Math.max(0, found.index - 20), found.index + 20) + '…');
  };
  document.addEventListener('DOMContentLoaded', () => {
    look('domcontentloaded');
    const nodes = document.querySelectorAll('#root [data-node-id], #root [data-gate]');
    for (const node of nodes) node.prerendered = true;
    window.prerenderedCount = nodes.length;
    new MutationObserver(() => look('mutation')).observe(document.getElementById('root'), {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
})();`;

/** Console errors and warnings (React reports a hydration mismatch as one) and page errors. */
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

test('a logged-in visitor never sees a login prompt, with 4x CPU throttling', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Logged out (a request without cookies), the same routes still invite to log in.
  for (const route of ROUTES) {
    const html = await (await request.get(`${BASE}${route}`)).text();
    expect(html, route).toMatch(LOGIN_PROMPT);
  }

  await loginAs(page, phoneFor(testInfo), ROUTES[0]!);
  await page.addInitScript(WATCH);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const problems = collectProblems(page);

  for (const route of ROUTES) {
    problems.length = 0;
    const response = await page.goto(`${BASE}${route}`, { waitUntil: 'domcontentloaded' });
    // What the server sent: the logged-in page.
    const html = (await response?.text()) ?? '';
    expect(html, route).toContain('&quot;loggedIn&quot;:true');
    expect(html, route).not.toMatch(LOGIN_PROMPT);
    expect(await page.locator('#root').innerText(), route).not.toMatch(LOGIN_PROMPT);
    const name = route === '/' ? 'index' : route.slice(1).replace(/\//g, '-');
    await page.screenshot({ path: testInfo.outputPath(`logged-in-${name}-first-paint.png`) });

    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root main').first()).toBeVisible();
    expect(await page.locator('#root').innerText(), route).not.toMatch(LOGIN_PROMPT);
    const seen = await page.evaluate(
      () => (window as unknown as { loginPromptsSeen: string[] }).loginPromptsSeen,
    );
    expect(seen, route).toEqual([]);
    // Hydration found the markup it would have made: every painted node kept.
    const { before, kept } = await page.evaluate(() => ({
      before: (window as unknown as { prerenderedCount?: number }).prerenderedCount ?? 0,
      kept: [...document.querySelectorAll('#root [data-node-id], #root [data-gate]')].filter(
        (node) => 'prerendered' in node,
      ).length,
    }));
    expect(before, route).toBeGreaterThan(0);
    expect(kept, route).toBe(before);
    expect(problems, route).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`logged-in-${name}.png`) });
  }
});
