/**
 * Is a screenshot worth reviewing? (issue 34: `preview:matrix` reported blank shots and shots cut
 * at the viewport's 812 px as success.) Two checks, each a pure function tested on fixtures:
 *
 * - blank: nearly every pixel one colour (a white page, the loading screen, a spinner), or the
 *   page not rendered (its loading screen, a route screen such as chunk-error, widgets showing
 *   their load error because the API failed);
 * - cut: the page's content is taller than what the shot holds (the page scrolls inside an
 *   element, so a full-page capture stops at the viewport), measured in the page by MEASURE_PAGE.
 */
import { inflateSync } from 'node:zlib';

/** A shot whose most common colour covers this share of its pixels shows nothing to review. */
export const BLANK_SHARE = 0.995;
/** Content may overflow the shot by this much (sub-pixel rounding, a shadow) without a cut. */
export const CUT_TOLERANCE_PX = 4;
/** An element scrolling inside the page counts when it is at least this share of the viewport. */
const PAGE_SCROLLER_SHARE = 0.5;

export interface Rgba {
  width: number;
  height: number;
  /** 4 bytes a pixel, rows top to bottom. */
  data: Uint8Array;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Decodes the PNGs Chromium writes (8-bit RGB or RGBA, not interlaced) to RGBA. */
export function decodePng(png: Buffer): Rgba {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG file');
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      channels = colour === 6 ? 4 : colour === 2 ? 3 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0) {
        throw new Error(`unsupported PNG (bit depth ${depth}, colour type ${colour})`);
      }
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? row[i - channels]! : 0;
      const up = previous[i]!;
      const upLeft = i >= channels ? previous[i - channels]! : 0;
      const x = line[i]!;
      row[i] =
        filter === 0
          ? x
          : filter === 1
            ? x + left
            : filter === 2
              ? x + up
              : filter === 3
                ? x + ((left + up) >> 1)
                : x + paeth(left, up, upLeft);
    }
    for (let px = 0; px < width; px++) {
      const o = (y * width + px) * 4;
      out[o] = row[px * channels]!;
      out[o + 1] = row[px * channels + 1]!;
      out[o + 2] = row[px * channels + 2]!;
      out[o + 3] = channels === 4 ? row[px * channels + 3]! : 255;
    }
    previous = row;
  }
  return { width, height, data: out };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The share of the most common colour (16 levels a channel), over at most ~200k pixels. */
export function dominantShare(image: Rgba): number {
  const pixels = image.width * image.height;
  if (pixels === 0) return 1;
  const step = Math.max(1, Math.floor(pixels / 200_000));
  const counts = new Map<number, number>();
  let sampled = 0;
  for (let i = 0; i < pixels; i += step) {
    const o = i * 4;
    const key =
      ((image.data[o]! >> 4) << 8) | ((image.data[o + 1]! >> 4) << 4) | (image.data[o + 2]! >> 4);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    sampled++;
  }
  return Math.max(...counts.values()) / sampled;
}

/** Why a shot is blank, or null. */
export function blankProblem(image: Rgba): string | null {
  const share = dominantShare(image);
  if (share < BLANK_SHARE) return null;
  return `blank: ${(share * 100).toFixed(1)} % of the shot is one colour (the page did not render its content)`;
}

/** What MEASURE_PAGE returns: the document's height and the elements that scroll inside it. */
export interface PageMeasure {
  /** CSS px. */
  documentHeight: number;
  viewportHeight: number;
  scrollers: { element: string; scrollHeight: number; clientHeight: number }[];
  /** The loading screen (index.html's) is still there, or the app root is empty. */
  notRendered: boolean;
  /** The route screen shown instead of the page (`not-found`, `chunk-error`), or null. */
  screen: string | null;
  /** Widgets showing the UI kit's load error (their calls failed: the API is down or failing). */
  loadErrors: number;
}

/**
 * Runs in the page (a string, so no bundler helper leaks into it): the document's full height,
 * the page-sized elements with vertical overflow they scroll, and whether the app rendered.
 */
export const MEASURE_PAGE = `(() => {
  const doc = document.scrollingElement || document.documentElement;
  const viewportHeight = window.innerHeight;
  const scrollers = [];
  for (const el of document.querySelectorAll('body, body *')) {
    const overflow = getComputedStyle(el).overflowY;
    if (overflow !== 'auto' && overflow !== 'scroll') continue;
    if (el.clientHeight < viewportHeight * ${PAGE_SCROLLER_SHARE}) continue;
    if (el.scrollHeight <= el.clientHeight) continue;
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
    scrollers.push({ element: name, scrollHeight: el.scrollHeight, clientHeight: el.clientHeight });
  }
  const root = document.getElementById('root');
  const notRendered = !root || root.childElementCount === 0 ||
    root.querySelector('.ce-screen--loading') !== null;
  const screen = root && root.querySelector('main.ce-screen[data-screen]');
  return { documentHeight: Math.max(doc.scrollHeight, document.body ? document.body.scrollHeight : 0),
    viewportHeight, scrollers, notRendered,
    screen: screen ? screen.getAttribute('data-screen') : null,
    loadErrors: document.querySelectorAll('[data-load-error]').length };
})()`;

/** Why a full-page shot `capturedHeight` CSS px tall misses part of the page, or null. */
export function cutProblem(measure: PageMeasure, capturedHeight: number): string | null {
  if (measure.documentHeight > capturedHeight + CUT_TOLERANCE_PX) {
    return `cut: the page is ${measure.documentHeight} px tall, the shot ${capturedHeight} px`;
  }
  const inner = measure.scrollers.find((s) => s.scrollHeight > s.clientHeight + CUT_TOLERANCE_PX);
  if (inner) {
    return `cut: the page scrolls inside ${inner.element} (${inner.scrollHeight} px of content, ${inner.clientHeight} px shown), so the shot stops at ${capturedHeight} px: let the document scroll instead`;
  }
  return null;
}

/** Every reason a shot fails review; empty when it is fine. */
export function shotProblems(input: {
  png: Rgba | null;
  measure: PageMeasure;
  fullPage: boolean;
  deviceScaleFactor: number;
}): string[] {
  const problems: string[] = [];
  const { notRendered, screen, loadErrors } = input.measure;
  if (notRendered) problems.push('not rendered: the page still shows its loading screen');
  if (screen) problems.push(`not rendered: the page shows the "${screen}" screen instead`);
  if (loadErrors > 0) {
    problems.push(
      `${loadErrors} widget(s) show a load error: their calls failed (is the API answering?)`,
    );
  }
  if (input.png) {
    const blank = blankProblem(input.png);
    if (blank) problems.push(blank);
    if (input.fullPage) {
      const cut = cutProblem(input.measure, Math.round(input.png.height / input.deviceScaleFactor));
      if (cut) problems.push(cut);
    }
  }
  return problems;
}
