/**
 * QR code (spec §5): margin QR_MARGIN, scale QR_SCALE, black on white, drawn to a PNG data URL
 * and shown in an <img> with alt text (the drawing: ./qr-draw.ts, a chunk of its own).
 */
import { useEffect, useRef, useState } from 'react';
import { lazyValue } from '../services/lazy-service';
import { QR_DARK_COLOR, QR_LIGHT_COLOR, QR_MARGIN, QR_SCALE } from '../spec/constants';
import { UI_COPY } from './copy';
import type * as QrDraw from './qr-draw';

/** How a code is drawn: quiet zone and module size in pixels, colours as #rrggbb. */
export interface QrDrawOptions {
  margin: number;
  scale: number;
  color: { dark: string; light: string };
}

/** spec §5: exactly these options, nothing else. */
export const QR_CODE_OPTIONS = {
  margin: QR_MARGIN,
  scale: QR_SCALE,
  color: { dark: QR_DARK_COLOR, light: QR_LIGHT_COLOR },
} as const satisfies QrDrawOptions;

export type QrEncoder = (text: string, options: QrDrawOptions) => Promise<string>;

/**
 * The package's encoder and the drawing (./qr-draw.ts) load when a code is first drawn: a card
 * that shows a login prompt or an error instead never downloads them. A failed load is tried
 * again on the next draw.
 */
const drawing = lazyValue<typeof QrDraw>(() => import('./qr-draw'));

const defaultEncoder: QrEncoder = async (text, options) =>
  (await drawing.get()).qrCodePng(text, options);

export function qrCodeDataUrl(text: string, encode: QrEncoder = defaultEncoder): Promise<string> {
  return encode(text, QR_CODE_OPTIONS);
}

export interface QrCodeProps {
  value: string;
  alt?: string;
  className?: string;
  /** Injected in tests; defaults to the qrcode package's encoder drawn on a canvas. */
  encode?: QrEncoder;
  onError?: (error: unknown) => void;
}
export function QrCode({ value, alt = UI_COPY.qrCode, className, encode, onError }: QrCodeProps) {
  // Keyed by the value it was drawn for, so a new value never shows the old image.
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);

  // Latest callbacks without redrawing when a parent passes new inline functions.
  const deps = useRef({ encode, onError });
  useEffect(() => {
    deps.current = { encode, onError };
  });

  useEffect(() => {
    let current = true;
    qrCodeDataUrl(value, deps.current.encode).then(
      (src) => {
        if (current) setDrawn({ value, src });
      },
      (error: unknown) => {
        if (current) deps.current.onError?.(error);
      },
    );
    return () => {
      current = false;
    };
  }, [value]);

  const src = drawn?.value === value ? drawn.src : null;
  if (!src) return <span className={className} role="img" aria-label={alt} aria-busy="true" />;
  return <img className={className} src={src} alt={alt} />;
}
