import { expect, test } from '@playwright/test';
import { BASE, widget } from './helpers';

// Layout a screenshot shows but does not assert: what a phone's user would see as broken.

test('share-entry: a text label of two lines splits evenly inside its circle', async ({ page }) => {
  // /newProduct/ultraDetail's "邀请好友投票" in the default 64 px circle: without balancing it
  // wrapped as 邀请好友投 / 票, its first line touching the circle's curved edge.
  await page.goto(`${BASE}/newProduct/ultraDetail`);
  const entry = widget(page, 'share-entry').getByRole('button', { name: '邀请好友投票' });
  await expect(entry).toBeVisible();
  // Measured until it holds: the page may still be laying out (fonts, hydration) at first.
  await expect(async () => {
    const { lines, circle } = await entry.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      const box = button.getBoundingClientRect();
      return {
        lines: [...range.getClientRects()].map(({ left, right, width }) => ({
          left,
          right,
          width,
        })),
        circle: { left: box.left, right: box.right },
      };
    });
    expect(lines).toHaveLength(2);
    const [first, second] = lines;
    // Three characters each: the widths differ by far less than one 12 px character.
    expect(Math.abs((first?.width ?? 0) - (second?.width ?? 0))).toBeLessThan(6);
    for (const line of lines) {
      expect(line.left).toBeGreaterThanOrEqual(circle.left + 6);
      expect(line.right).toBeLessThanOrEqual(circle.right - 6);
    }
  }).toPass({ timeout: 5_000 });
});
