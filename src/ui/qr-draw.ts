/**
 * Draws a QR code (spec §5) as a PNG data URL: the qrcode package encodes (its `create`), the
 * modules are drawn here pixel for pixel as the package's own canvas renderer draws them
 * (qr-code.test.tsx compares the two), without shipping its renderers. Loaded by ./qr-code.tsx
 * when a code is first drawn.
 */
import { create } from 'qrcode/lib/core/qrcode.js';
import type { QrDrawOptions } from './qr-code';

/** What drawing uses of a canvas's 2D context. */
export type QrCanvas = Pick<CanvasRenderingContext2D, 'fillStyle' | 'fillRect'>;

/**
 * Draws the code of `text` (error correction M, the smallest version that holds it, as the
 * package chooses) onto `context`, which must be `width` pixels square; returns that width.
 */
export function drawQrCode(
  text: string,
  options: QrDrawOptions,
  context: (width: number) => QrCanvas,
): number {
  const { size, data } = create(text).modules;
  const { margin, scale, color } = options;
  const width = (size + 2 * margin) * scale;
  const canvas = context(width);
  canvas.fillStyle = color.light;
  canvas.fillRect(0, 0, width, width);
  canvas.fillStyle = color.dark;
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (data[row * size + column]) {
        canvas.fillRect((column + margin) * scale, (row + margin) * scale, scale, scale);
      }
    }
  }
  return width;
}

/** The code of `text` drawn on a canvas of the page, as a PNG data URL. */
export function qrCodePng(text: string, options: QrDrawOptions): string {
  const canvas = document.createElement('canvas');
  drawQrCode(text, options, (width) => {
    canvas.width = width;
    canvas.height = width;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas to draw the QR code on');
    return context;
  });
  return canvas.toDataURL('image/png');
}
