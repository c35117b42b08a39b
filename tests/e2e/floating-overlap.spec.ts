import { expect, test, type Page } from '@playwright/test';
import { BASE } from './helpers';

/**
 * Issue 33: a floating widget never covers content. The share button docks in an opaque band at
 * the bottom of the page's column (the safe zone), and the page reserves as much below its
 * content: what scrolls beneath the band is out of sight, as under the browser's own bar, and at
 * the end of the page no widget is under it. Checked at 375x812 on the routes the issue reported
 * (the button sat on the first sign-in day on `/`, on the 雪域白 picture on /newProduct).
 */
test.use({ viewport: { width: 375, height: 812 } });

interface Box {
  widget: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** What the issue saw covered on each route, as a locator's CSS selector (null: nothing named). */
const ROUTES: { route: string; covered: string | null }[] = [
  { route: '/', covered: '[data-widget="sign-in"]' },
  { route: '/newProduct', covered: '[data-widget="vote"] li:has-text("雪域白")' },
  { route: '/newProduct/weekly', covered: null },
  { route: '/miCar', covered: null },
];

/** The dock's box, its button's, and the box of every other widget's node, in viewport px. */
async function boxes(page: Page) {
  return page.evaluate(() => {
    const boxOf = (element: Element, widget: string): Box => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { widget, top, bottom, left, right };
    };
    const dock = document.querySelector('.w-share-entry-dock');
    const button = dock?.querySelector('button');
    if (!dock || !button) throw new Error('no docked share button');
    const others = [...document.querySelectorAll<HTMLElement>('[data-widget]')]
      .filter((node) => node.dataset.widget !== 'share-entry')
      .map((node) => boxOf(node, node.dataset.widget ?? ''))
      .filter((box) => box.bottom > box.top && box.right > box.left);
    return {
      dock: boxOf(dock, 'share-entry'),
      button: boxOf(button, 'share-entry'),
      background: getComputedStyle(dock).backgroundColor,
      others,
    };
  });
}

const meets = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left &&
  inner.right <= outer.right &&
  inner.top >= outer.top &&
  inner.bottom <= outer.bottom;

for (const { route, covered } of ROUTES) {
  test(`${route}: the floating share button covers no widget at 375 px`, async ({ page }, info) => {
    await page.goto(`${BASE}${route}`);
    await expect(page.locator('.w-share-entry-dock button')).toBeVisible();
    await page.waitForLoadState('networkidle');

    // At rest on the first screen: the button sits in the opaque band at the bottom edge.
    const first = await boxes(page);
    expect(inside(first.button, first.dock)).toBe(true);
    expect(first.dock.bottom).toBe(812);
    expect(first.dock.top).toBe(812 - 88);
    expect(first.background).toBe('rgb(255, 255, 255)');
    if (covered) {
      const target = await page.locator(covered).first().boundingBox();
      expect(target).not.toBeNull();
      const box = {
        widget: covered,
        top: target!.y,
        bottom: target!.y + target!.height,
        left: target!.x,
        right: target!.x + target!.width,
      };
      expect(meets(box, first.dock), `${covered} is clear of the band`).toBe(false);
    }
    await page.screenshot({ path: info.outputPath('first-screen.png') });

    // At the end of the page: no widget is under the band (the page reserves its zone).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(async () => {
      const end = await boxes(page);
      expect(end.others.length).toBeGreaterThan(0);
      expect(end.others.filter((box) => meets(box, end.dock)).map((box) => box.widget)).toEqual([]);
    }).toPass({ timeout: 5_000 });
    await page.screenshot({ path: info.outputPath('page-end.png') });
  });
}
