import { LAYOUT_BASE_WIDTHS, LAYOUT_WIDTH_CAPS } from '../../spec/constants';

/** spec §2 layout rules: path fragments that use the 375 and 392 design widths. */
export const BASE_375_FRAGMENTS = [
  'youpinPage',
  'installment',
  'youkuVipPage',
  'miMovie',
  'qqMusic',
  'qqMusic-new',
  'walletTrip',
  'videoActivity',
  'newProduct',
  'miCar',
  'hotelJump',
  'loanVideo',
] as const;

export const BASE_392_FRAGMENTS = [
  'transfer',
  'helpCenter',
  'citicMarketing',
  'breakfastCard',
  'miFansDay2025',
  'movieDateSign',
  'zhongxinOct',
  'newuser2025',
] as const;

export type BaseWidth = (typeof LAYOUT_BASE_WIDTHS)[keyof typeof LAYOUT_BASE_WIDTHS];
export type WidthCap = (typeof LAYOUT_WIDTH_CAPS)[keyof typeof LAYOUT_WIDTH_CAPS];

/**
 * Design width for a route by path fragment (spec §2): a segment that starts with a 375
 * fragment wins, then a 392 fragment, else 1080. "Starts with" keeps page families together
 * ("newProduct2", "youkuVipPage2", "installment-record-history").
 */
export function baseWidthFor(route: string): BaseWidth {
  const segments = route.split('/').filter(Boolean);
  const matches = (fragments: readonly string[]) =>
    segments.some((segment) => fragments.some((fragment) => segment.startsWith(fragment)));
  if (matches(BASE_375_FRAGMENTS)) return LAYOUT_BASE_WIDTHS.narrow;
  if (matches(BASE_392_FRAGMENTS)) return LAYOUT_BASE_WIDTHS.medium;
  return LAYOUT_BASE_WIDTHS.wide;
}

/** Width cap (spec §2): 392-wide pages cap at 392, others at 414 unless the document says 420. */
export function widthCapFor(baseWidth: BaseWidth): WidthCap {
  return baseWidth === LAYOUT_BASE_WIDTHS.medium
    ? LAYOUT_WIDTH_CAPS.medium
    : LAYOUT_WIDTH_CAPS.default;
}

/**
 * Root font size in px: 100 design px = 1rem, scaled to the viewport width capped at the page
 * cap, so an operator's design measurements (positionLeft, positionTop) map to rem directly.
 */
export function rootFontSize(viewportWidth: number, baseWidth: number, cap: number): number {
  const width = Math.min(Math.max(viewportWidth, 0), cap);
  return Math.round(((width * 100) / baseWidth) * 1000) / 1000;
}

export interface PageLayout {
  baseWidth: number;
  maxWidth: number;
}

export function resolveLayout(
  route: string,
  layout?: { baseWidth?: number | undefined; maxWidth?: number | undefined },
): PageLayout {
  const baseWidth = (layout?.baseWidth as BaseWidth | undefined) ?? baseWidthFor(route);
  return { baseWidth, maxWidth: layout?.maxWidth ?? widthCapFor(baseWidth) };
}

/**
 * rootFontSize as CSS: the same rule, worked out by the browser from the viewport, so a
 * prerendered page is laid out at its final size on first paint with no script, and a resize
 * needs no listener. `100vw` is the layout viewport (what clientWidth reads on a phone).
 */
export function rootFontSizeCss(baseWidth: number, cap: number): string {
  return `calc(min(100vw, ${cap}px) * ${100 / baseWidth})`;
}

/** The inline style of <html> for a page of this layout (font size and the page's width cap). */
export function rootFontSizeStyle(layout: PageLayout): string {
  return `font-size:${rootFontSizeCss(layout.baseWidth, layout.maxWidth)};--ce-page-max-width:${layout.maxWidth}px`;
}
