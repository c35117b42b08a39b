import { describe, expect, it } from 'vitest';
import {
  baseWidthFor,
  resolveLayout,
  rootFontSize,
  rootFontSizeCss,
  widthCapFor,
} from './root-font-size';

/** Works out rootFontSizeCss's `calc(min(100vw, CAPpx) * F)` for a viewport width. */
function evaluateCss(css: string, viewportWidth: number): number {
  const match = /^calc\(min\(100vw, (\d+)px\) \* ([\d.e-]+)\)$/.exec(css);
  if (!match) throw new Error(`unexpected rule ${css}`);
  return Math.min(viewportWidth, Number(match[1])) * Number(match[2]);
}

describe('layout rules (spec §2)', () => {
  it('uses base width 375 for the listed path fragments', () => {
    for (const route of [
      '/youpinPage/settings',
      '/installment',
      '/installment-record-history',
      '/youkuVipPage2',
      '/miMovie',
      '/qqMusic-new',
      '/walletTrip/auth',
      '/videoActivity/records',
      '/newProduct2/detail',
      '/miCar/tasting',
      '/hotelJump',
      '/loanVideo',
    ]) {
      expect(baseWidthFor(route), route).toBe(375);
    }
  });

  it('uses base width 392 for the listed path fragments', () => {
    for (const route of [
      '/transfer',
      '/helpCenter',
      '/pointsActivity/citicMarketing/records',
      '/breakfastCard',
      '/miFansDay2025',
      '/catEye/movieDateSign/movieList',
      '/pointsActivity/zhongxinOct/myPrize',
      '/newuser2025',
    ]) {
      expect(baseWidthFor(route), route).toBe(392);
    }
  });

  it('uses 1080 for every other page', () => {
    for (const route of [
      '/',
      '/luckDraw',
      '/contract/record',
      '/miFansDay-2023',
      '/new-user',
      '/tongchengFeb',
    ]) {
      expect(baseWidthFor(route), route).toBe(1080);
    }
  });

  it('caps the width at 414, or 392 for the 392 pages, unless the document says otherwise', () => {
    expect(widthCapFor(1080)).toBe(414);
    expect(widthCapFor(375)).toBe(414);
    expect(widthCapFor(392)).toBe(392);
    expect(resolveLayout('/luckDraw', { maxWidth: 420 })).toEqual({
      baseWidth: 1080,
      maxWidth: 420,
    });
  });

  it('scales the root font with the viewport, up to the cap', () => {
    expect(rootFontSize(375, 375, 414)).toBe(100);
    expect(rootFontSize(360, 1080, 414)).toBeCloseTo(33.333, 2);
    expect(rootFontSize(1280, 375, 414)).toBeCloseTo(110.4, 2);
    expect(rootFontSize(1280, 392, 392)).toBe(100);
  });

  it('is the same rule as CSS, for prerendered pages (issue 10)', () => {
    for (const base of [375, 392, 1080]) {
      for (const cap of [392, 414, 420]) {
        for (const width of [320, 360, 375, 392, 414, 768]) {
          expect(evaluateCss(rootFontSizeCss(base, cap), width)).toBeCloseTo(
            rootFontSize(width, base, cap),
            2,
          );
        }
      }
    }
  });
});
