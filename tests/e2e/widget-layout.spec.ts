import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE, loginAs, phoneFor, widget } from './helpers';

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

/** The vertical centres of the countdown's label and of each part of its clock. */
async function countdownLines(page: Page) {
  const timer = widget(page, 'countdown').getByRole('timer');
  await expect(timer).toBeVisible();
  return timer.evaluate((box) => {
    const centre = (element: Element) => {
      const { top, bottom } = element.getBoundingClientRect();
      return Math.round((top + bottom) / 2);
    };
    const clock = box.querySelector('.w-countdown__clock');
    return {
      label: centre(box.querySelector('.w-countdown__label') as Element),
      parts: [...box.querySelectorAll('.w-countdown__part')].map(centre),
      clockRight: clock?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY,
      viewport: window.innerWidth,
    };
  });
}

for (const width of [320, 360, 412]) {
  test(`countdown at ${width} px: label and clock on one line, 秒 never alone`, async ({
    page,
  }) => {
    // At 320 px the luck-draw page's countdown (a 7-character label, a 4-digit day count)
    // wrapped as 距活动结束还有 1498天17时52分 / 04秒.
    await page.setViewportSize({ width, height: 740 });
    await page.goto(`${BASE}/luckDraw`);
    await expect(async () => {
      const { label, parts, clockRight, viewport } = await countdownLines(page);
      expect(parts.length).toBeGreaterThanOrEqual(3);
      for (const part of parts) expect(Math.abs(part - label)).toBeLessThanOrEqual(2);
      expect(clockRight).toBeLessThanOrEqual(viewport);
    }).toPass({ timeout: 5_000 });
  });
}

test('countdown at 320 px with a longer label: the clock stays whole', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto(`${BASE}/miFansDay2025`);
  await expect(async () => {
    const { parts, clockRight, viewport } = await countdownLines(page);
    const [first = 0] = parts;
    for (const part of parts) expect(Math.abs(part - first)).toBeLessThanOrEqual(2);
    expect(clockRight).toBeLessThanOrEqual(viewport);
  }).toPass({ timeout: 5_000 });
});

/** The distinct lines each element's text takes, in document order. */
async function linesOf(elements: Locator): Promise<{ text: string; lines: number }[]> {
  return elements.evaluateAll((nodes) =>
    nodes.map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].map(({ top }) => Math.round(top)));
      return { text: node.textContent ?? '', lines: tops.size };
    }),
  );
}

// On a 320 px phone the fixed columns of a row (image, badge, action, amount) left a name
// 50–80 px: 长河之 / 上, 观影立减10 / 元, Xiaomi / SU7. Each short name now keeps one line.
const NARROW_NAMES = [
  { path: '/catEye/movieDateSign/movieList', type: 'data-list', name: '.w-data-list__title' },
  { path: '/newProduct/weekly', type: 'data-list', name: '.w-data-list__title' },
  { path: '/catEye', type: 'coupon-list', name: '.w-coupon-list__name' },
  { path: '/newProduct/miCarDetail', type: 'vote', name: '.w-vote__name' },
];
for (const { path, type, name } of NARROW_NAMES) {
  test(`${type} at 320 px on ${path}: a short name keeps one line`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto(`${BASE}${path}`);
    const names = widget(page, type).locator(name);
    await expect(names.first()).toBeVisible();
    await expect(async () => {
      const measured = await linesOf(names);
      expect(measured.length).toBeGreaterThan(0);
      expect(measured.filter(({ lines }) => lines !== 1)).toEqual([]);
    }).toPass({ timeout: 5_000 });
  });
}

test('data-list at 320 px: an action goes below its text, at the right', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto(`${BASE}/summer/noticeList`);
  const row = widget(page, 'data-list').locator('.w-data-list__row', { hasText: '我的奖品' });
  await expect(row).toBeVisible();
  await expect(async () => {
    const box = await row.evaluate((element) => {
      const rect = (selector: string) => element.querySelector(selector)?.getBoundingClientRect();
      return {
        rowRight: element.getBoundingClientRect().right,
        textBottom: rect('.w-data-list__text')?.bottom ?? Number.POSITIVE_INFINITY,
        action: rect('.w-data-list__action') ?? { top: 0, right: 0 },
      };
    });
    expect(box.action.top).toBeGreaterThanOrEqual(box.textBottom);
    expect(Math.abs(box.rowRight - box.action.right)).toBeLessThanOrEqual(1);
  }).toPass({ timeout: 5_000 });
});

test('sign-in at 320 px: each day of the week keeps its name on one line', async ({
  page,
}, testInfo) => {
  // The week's seven cells had 27 px of text each: 第2天 broke as 第2 / 天.
  await page.setViewportSize({ width: 320, height: 740 });
  await loginAs(page, phoneFor(testInfo), '/');
  const names = widget(page, 'sign-in').locator('.w-sign-in__day-name');
  await expect(names).toHaveCount(7);
  await expect(async () => {
    expect((await linesOf(names)).filter(({ lines }) => lines !== 1)).toEqual([]);
  }).toPass({ timeout: 5_000 });
});
