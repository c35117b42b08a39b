import { expect, test } from '@playwright/test';
import { BASE, loginAs, phoneFor, settled, widget } from './helpers';

// Issue 33, one voice: what a new user reads at 375x812.
test.use({ viewport: { width: 375, height: 812 } });

test('the home page shows one login call to action on its first screen', async ({ page }) => {
  await page.goto(`${BASE}/`);
  await page.waitForLoadState('networkidle');
  const logins = page.getByRole('button', { name: /登录/ });
  await expect(logins.first()).toBeVisible();
  const onFirstScreen = await logins.evaluateAll(
    (buttons) =>
      buttons.filter((button) => {
        const box = button.getBoundingClientRect();
        return box.height > 0 && box.top < window.innerHeight && box.bottom > 0;
      }).length,
  );
  expect(onFirstScreen).toBe(1);
});

test('new-user bubbles break lines only between words and keep their text inside the circle', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await loginAs(page, phoneFor(testInfo), '/new-user');
  const packet = widget(page, 'new-user-packet');
  await settled(packet);
  const bubble = packet.getByRole('button', { name: /首次使用钱包付款/ });
  await expect(bubble).toBeVisible();
  const layout = await packet.locator('.w-nup__bubble').evaluateAll((bubbles) =>
    bubbles.map((button) => {
      const circle = button.getBoundingClientRect();
      const words = [...button.querySelectorAll('span')].flatMap((span) =>
        [...span.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent)
          .map((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            const rects = [...range.getClientRects()];
            return {
              word: node.textContent ?? '',
              lines: new Set(rects.map((rect) => Math.round(rect.top))).size,
              left: Math.min(...rects.map((rect) => rect.left)),
              right: Math.max(...rects.map((rect) => rect.right)),
            };
          }),
      );
      return { circle: { left: circle.left, right: circle.right }, words };
    }),
  );
  expect(layout.length).toBeGreaterThan(1);
  for (const { circle, words } of layout) {
    for (const word of words) {
      // A word is on one line ("抽奖机会", not "抽奖机/会") and inside its circle.
      expect(word.lines, word.word).toBe(1);
      expect(word.left, word.word).toBeGreaterThanOrEqual(circle.left);
      expect(word.right, word.word).toBeLessThanOrEqual(circle.right);
    }
  }
  await packet
    .locator('.w-nup__bubble-list')
    .screenshot({ path: testInfo.outputPath('bubbles.png') });
});
