/**
 * Image compression (spec §5): the address must be a non-empty string, else the spec's error
 * 'Invalid URL provided.'; quality defaults to 75 (0-100). The drawing happens behind a canvas
 * adapter (canvas-adapter.ts) so this logic runs in tests without a canvas.
 */
import { IMAGE_COMPRESS_DEFAULT_QUALITY, INVALID_IMAGE_URL_MESSAGE } from '../../spec/constants';

export interface CanvasEncodeOptions {
  /** 0-1, as canvas.toDataURL takes it. */
  quality: number;
  mimeType: string;
  /** Longest side in CSS pixels; the image is scaled down (never up) to fit. */
  maxSide?: number;
}

export interface ImageCanvasAdapter {
  /** Loads `src`, draws it onto a canvas and returns it encoded as a data URL. */
  encode(src: string, options: CanvasEncodeOptions): Promise<string>;
}

export interface CompressOptions {
  /** 1-100; defaults to IMAGE_COMPRESS_DEFAULT_QUALITY. Out-of-range values are clamped. */
  quality?: number;
  mimeType?: string;
  maxSide?: number;
}

const PERCENT = 100;

export async function compressImage(
  canvas: ImageCanvasAdapter,
  src: unknown,
  options: CompressOptions = {},
): Promise<string> {
  if (typeof src !== 'string' || src === '') throw new Error(INVALID_IMAGE_URL_MESSAGE);
  const requested = options.quality ?? IMAGE_COMPRESS_DEFAULT_QUALITY;
  const quality = Number.isFinite(requested)
    ? Math.min(Math.max(requested, 1), PERCENT)
    : IMAGE_COMPRESS_DEFAULT_QUALITY;
  return canvas.encode(src, {
    quality: quality / PERCENT,
    mimeType: options.mimeType ?? 'image/jpeg',
    ...(options.maxSide !== undefined ? { maxSide: options.maxSide } : {}),
  });
}
