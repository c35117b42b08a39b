/**
 * QR code (spec §5): margin QR_MARGIN, scale QR_SCALE, black on white, drawn to a data URL and
 * shown in an <img> with alt text.
 */
import { useEffect, useRef, useState } from 'react';
import { toDataURL, type QRCodeToDataURLOptions } from 'qrcode';
import { QR_DARK_COLOR, QR_LIGHT_COLOR, QR_MARGIN, QR_SCALE } from '../spec/constants';
import { UI_COPY } from './copy';

/** spec §5: exactly these options, nothing else. */
export const QR_CODE_OPTIONS = {
  margin: QR_MARGIN,
  scale: QR_SCALE,
  color: { dark: QR_DARK_COLOR, light: QR_LIGHT_COLOR },
} as const satisfies QRCodeToDataURLOptions;

export type QrEncoder = (text: string, options: QRCodeToDataURLOptions) => Promise<string>;

const defaultEncoder: QrEncoder = (text, options) => toDataURL(text, options);

export function qrCodeDataUrl(text: string, encode: QrEncoder = defaultEncoder): Promise<string> {
  return encode(text, QR_CODE_OPTIONS);
}

export interface QrCodeProps {
  value: string;
  alt?: string;
  className?: string;
  /** Injected in tests; defaults to the qrcode package. */
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
