import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QR_DARK_COLOR, QR_LIGHT_COLOR, QR_MARGIN, QR_SCALE } from '../spec/constants';
import { create } from 'qrcode';
import { getImageWidth, getOptions, qrToImageData } from 'qrcode/lib/renderer/utils.js';
import { QR_CODE_OPTIONS, QrCode, qrCodeDataUrl, type QrEncoder } from './qr-code';
import { drawQrCode } from './qr-draw';

const fakeEncoder = () => vi.fn<QrEncoder>(async (text) => `data:image/png;base64,${btoa(text)}`);

describe('qrCodeDataUrl', () => {
  it('passes exactly the spec options: margin, scale, black on white', async () => {
    const encode = fakeEncoder();
    await qrCodeDataUrl('https://example.com/a', encode);
    expect(encode).toHaveBeenCalledWith('https://example.com/a', {
      margin: QR_MARGIN,
      scale: QR_SCALE,
      color: { dark: QR_DARK_COLOR, light: QR_LIGHT_COLOR },
    });
    expect(encode.mock.calls[0]![1]).toStrictEqual({
      margin: 1,
      scale: 5,
      color: { dark: '#000000', light: '#ffffff' },
    });
  });
});

/** What drawQrCode paints, as RGBA pixels (every colour #rrggbb, opaque). */
function paint(text: string): { width: number; pixels: Uint8ClampedArray } {
  let pixels = new Uint8ClampedArray(0);
  let width = 0;
  const canvas = {
    fillStyle: '' as string | CanvasGradient | CanvasPattern,
    fillRect(x: number, y: number, w: number, h: number) {
      const hex = String(this.fillStyle);
      const rgba = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);
      for (let row = y; row < y + h; row += 1) {
        for (let column = x; column < x + w; column += 1) {
          pixels.set(rgba, (row * width + column) * 4);
        }
      }
    },
  };
  const drawn = drawQrCode(text, QR_CODE_OPTIONS, (size) => {
    width = size;
    pixels = new Uint8ClampedArray(size * size * 4);
    return canvas;
  });
  expect(drawn).toBe(width);
  return { width, pixels };
}

describe('drawQrCode with the qrcode package', () => {
  it('draws QR_SCALE pixels per module with a QR_MARGIN-module quiet zone', () => {
    // 'hello' fits a version 1 symbol: 21 modules across.
    expect(paint('hello').width).toBe((21 + 2 * QR_MARGIN) * QR_SCALE);
  });

  it.each([
    ['a word', 'hello'],
    ['a link', 'https://m.example.cn/mp/activity/miCar/tasting?invite=AB12CD'],
    ['Chinese text', '关注小米钱包公众号'],
    ['digits', '0123456789012345678901234567890123456789'],
    ['a long text (version 10)', 'x'.repeat(200)],
  ])("paints exactly the pixels of the package's own canvas renderer: %s", (_, text) => {
    const { width, pixels } = paint(text);
    const options = getOptions(QR_CODE_OPTIONS);
    const qr = create(text);
    expect(getImageWidth(qr.modules.size, options)).toBe(width);
    const reference = new Uint8ClampedArray(width * width * 4);
    qrToImageData(reference, qr, options);
    expect(pixels).toEqual(reference);
  });
});

describe('QrCode', () => {
  it('renders the data URL into an img with alt text', async () => {
    const encode = fakeEncoder();
    render(<QrCode value="hello" alt="邀请二维码" encode={encode} />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '邀请二维码' }).tagName).toBe('IMG'),
    );
    expect(screen.getByRole('img').getAttribute('src')).toBe(
      `data:image/png;base64,${btoa('hello')}`,
    );
  });

  it('redraws for a new value and never shows the old image', async () => {
    const encode = fakeEncoder();
    const { rerender } = render(<QrCode value="one" encode={encode} />);
    await waitFor(() => expect(screen.getByRole('img').tagName).toBe('IMG'));
    rerender(<QrCode value="two" encode={encode} />);
    expect(screen.getByRole('img').getAttribute('src')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('img').getAttribute('src')).toBe(
        `data:image/png;base64,${btoa('two')}`,
      ),
    );
    expect(screen.getByRole('img').getAttribute('alt')).toBe('二维码');
  });

  it('reports an encoding failure', async () => {
    const onError = vi.fn();
    const encode = vi.fn<QrEncoder>(async () => {
      throw new Error('too long');
    });
    render(<QrCode value="x" encode={encode} onError={onError} />);
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  });

  it('draws once even when the parent passes new inline callbacks', async () => {
    const encode = fakeEncoder();
    const { rerender } = render(<QrCode value="v" encode={encode} onError={() => {}} />);
    await waitFor(() => expect(screen.getByRole('img').tagName).toBe('IMG'));
    rerender(<QrCode value="v" encode={encode} onError={() => {}} />);
    await waitFor(() => expect(screen.getByRole('img').tagName).toBe('IMG'));
    expect(encode).toHaveBeenCalledTimes(1);
  });
});
