import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QR_DARK_COLOR, QR_LIGHT_COLOR, QR_MARGIN, QR_SCALE } from '../spec/constants';
import { QrCode, qrCodeDataUrl, type QrEncoder } from './qr-code';

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

/** Width of a PNG given as a data URL (IHDR width, bytes 16..19). */
function pngWidth(dataUrl: string): number {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1]!), (c) => c.charCodeAt(0));
  return new DataView(bytes.buffer).getUint32(16);
}

describe('qrCodeDataUrl with the qrcode package', () => {
  it('draws QR_SCALE pixels per module with a QR_MARGIN-module quiet zone', async () => {
    // 'hello' fits a version 1 symbol: 21 modules across.
    const url = await qrCodeDataUrl('hello');
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(pngWidth(url)).toBe((21 + 2 * QR_MARGIN) * QR_SCALE);
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
