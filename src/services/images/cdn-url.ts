/**
 * CDN thumbnail addresses (spec §5, §9): quality 80 and webp when the browser supports it.
 * spec §5, read literally: an address that already starts with 'https' is returned unchanged,
 * with no thumbnail parameters added; only other addresses get them. The parameter names
 * (thumb, w, h, q, f) are the image CDN's, assumed here since the spec does not give them.
 */
import { IMAGE_CDN_THUMBNAIL_QUALITY } from '../../spec/constants';

export interface ThumbnailOptions {
  width?: number;
  height?: number;
  /** Result of feature detection (canvas-adapter.ts detectWebpSupport), injected. */
  webp: boolean;
}

const UNCHANGED_PREFIX = 'https';

export function thumbnailUrl(src: string, options: ThumbnailOptions): string {
  // spec §5: "Image URLs already starting with https are left unchanged."
  if (src.startsWith(UNCHANGED_PREFIX)) return src;
  // Not a fetchable remote address: nothing to resize.
  if (src === '' || /^(data|blob):/i.test(src)) return src;
  const params = new URLSearchParams({ thumb: '1' });
  if (options.width !== undefined) params.set('w', String(Math.round(options.width)));
  if (options.height !== undefined) params.set('h', String(Math.round(options.height)));
  params.set('q', String(IMAGE_CDN_THUMBNAIL_QUALITY));
  if (options.webp) params.set('f', 'webp');
  const hash = src.indexOf('#');
  const base = hash === -1 ? src : src.slice(0, hash);
  const fragment = hash === -1 ? '' : src.slice(hash);
  return `${base}${base.includes('?') ? '&' : '?'}${params.toString()}${fragment}`;
}
