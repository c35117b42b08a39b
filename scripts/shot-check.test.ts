import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  blankProblem,
  cutProblem,
  decodePng,
  dominantShare,
  shotProblems,
  type PageMeasure,
  type Rgba,
} from './shot-check';

/** An RGBA image of `width`×`height`, white, with `paint` drawing on it. */
function image(width: number, height: number, paint: (set: Painter) => void = () => {}): Rgba {
  const data = new Uint8Array(width * height * 4).fill(255);
  paint((x0, y0, w, h, [r, g, b]) => {
    for (let y = y0; y < Math.min(height, y0 + h); y++) {
      for (let x = x0; x < Math.min(width, x0 + w); x++)
        data.set([r, g, b, 255], (y * width + x) * 4);
    }
  });
  return { width, height, data };
}
type Painter = (x: number, y: number, w: number, h: number, rgb: [number, number, number]) => void;

/** A PNG of an RGBA image, each row with one of the five filters in turn (the decoder undoes all). */
function encodePng({ width, height, data }: Rgba): Buffer {
  const stride = width * 4;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    const row = data.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? data.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    const out = Buffer.alloc(stride + 1);
    out[0] = filter;
    for (let i = 0; i < stride; i++) {
      const a = i >= 4 ? row[i - 4]! : 0;
      const b = up[i]!;
      const c = i >= 4 ? up[i - 4]! : 0;
      const p = a + b - c;
      const predictor = [
        0,
        a,
        b,
        (a + b) >> 1,
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c,
      ][filter]!;
      out[i + 1] = (row[i]! - predictor) & 0xff;
    }
    rows.push(out);
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body, Buffer.alloc(4)]); // the CRC is not checked
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const measure = (over: Partial<PageMeasure> = {}): PageMeasure => ({
  documentHeight: 812,
  viewportHeight: 812,
  scrollers: [],
  notRendered: false,
  screen: null,
  loadErrors: 0,
  ...over,
});

describe('a blank shot (issue 34: blank shots passed as success)', () => {
  const white = image(375, 812);
  const spinner = image(375, 812, (paint) => paint(170, 390, 24, 24, [200, 200, 200]));
  // Three lines of grey "text" on white: a sparse page, but a page.
  const sparse = image(375, 812, (paint) => {
    for (const y of [300, 340, 380]) {
      for (let x = 40; x < 330; x += 14) paint(x, y, 9, 14, [60, 60, 60]);
    }
  });
  const banner = image(375, 812, (paint) => {
    paint(0, 0, 375, 240, [255, 90, 0]);
    paint(16, 260, 343, 48, [30, 30, 30]);
  });

  it('finds a white page and a lone spinner blank, and a page with content not', () => {
    expect(blankProblem(white)).toMatch(/^blank: 100\.0 % of the shot is one colour/);
    expect(blankProblem(spinner)).toMatch(/^blank/);
    expect(blankProblem(sparse)).toBeNull();
    expect(blankProblem(banner)).toBeNull();
  });

  it('reads PNG files: every row filter, and real Chromium screenshots of the widget docs', () => {
    for (const fixture of [white, spinner, sparse, banner]) {
      const decoded = decodePng(encodePng(fixture));
      expect([decoded.width, decoded.height]).toEqual([fixture.width, fixture.height]);
      // Buffer.equals: toEqual walks a million bytes one by one (seconds).
      expect(Buffer.from(decoded.data).equals(Buffer.from(fixture.data))).toBe(true);
    }
    const shot = decodePng(readFileSync('docs/widgets/bank-card.png'));
    expect([shot.width, shot.height]).toEqual([1082, 1019]);
    expect(dominantShare(shot)).toBeLessThan(0.995);
    expect(blankProblem(shot)).toBeNull();
    expect(() => decodePng(Buffer.from('GIF89a'))).toThrow(/not a PNG/);
  });
});

describe('a cut shot (issue 34: shots cut at 812 px passed as success)', () => {
  it('fails a shot shorter than the document', () => {
    expect(cutProblem(measure({ documentHeight: 2400 }), 812)).toBe(
      'cut: the page is 2400 px tall, the shot 812 px',
    );
    expect(cutProblem(measure({ documentHeight: 2400 }), 2400)).toBeNull();
    // Rounding of 2× pixels back to CSS pixels is no cut.
    expect(cutProblem(measure({ documentHeight: 2402 }), 2400)).toBeNull();
  });

  it('fails a page that scrolls inside an element, whose full-page shot stops at the viewport', () => {
    const inner = measure({
      scrollers: [{ element: 'div.page', scrollHeight: 3100, clientHeight: 812 }],
    });
    expect(cutProblem(inner, 812)).toMatch(
      /^cut: the page scrolls inside div\.page \(3100 px of content, 812 px shown\)/,
    );
  });

  it('lists every problem of a shot, the loading screen included', () => {
    const white = image(10, 20);
    expect(
      shotProblems({
        png: white,
        measure: measure({ documentHeight: 40, notRendered: true }),
        fullPage: true,
        deviceScaleFactor: 2,
      }),
    ).toEqual([
      'not rendered: the page still shows its loading screen',
      expect.stringMatching(/^blank/),
      'cut: the page is 40 px tall, the shot 10 px',
    ]);
    // A route screen in place of the page, widgets whose calls failed (the API answering 503).
    expect(
      shotProblems({
        png: null,
        measure: measure({ screen: 'chunk-error', loadErrors: 2 }),
        fullPage: true,
        deviceScaleFactor: 2,
      }),
    ).toEqual([
      'not rendered: the page shows the "chunk-error" screen instead',
      '2 widget(s) show a load error: their calls failed (is the API answering?)',
    ]);
    // A first-screen shot (route screenshots) is not a full page: no cut.
    expect(
      shotProblems({
        png: null,
        measure: measure({ documentHeight: 4000 }),
        fullPage: false,
        deviceScaleFactor: 1,
      }),
    ).toEqual([]);
  });
});
