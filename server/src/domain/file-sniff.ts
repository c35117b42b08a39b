/**
 * File types by their first bytes (magic numbers). The client's Content-Type and file name are
 * never trusted: a file is stored and served as what its bytes say, and anything else (SVG,
 * HTML, PDF, scripts...) is refused because it is not in this list.
 */
export interface Sniffed {
  mime: string;
  ext: string;
  kind: 'image' | 'video';
}

import { isIsoBmff, isWebm } from './container-check';
import type { ReadAt } from './container-check';

const ascii = (buf: Buffer, start: number, end: number) =>
  buf.subarray(start, end).toString('latin1');

export function sniff(buf: Buffer): Sniffed | null {
  if (buf.length < 12) return null;
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png', kind: 'image' };
  }
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  }
  const head6 = ascii(buf, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a')
    return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  }
  // ISO base media: [size]['ftyp'][major brand]. 'qt  ' is QuickTime, the rest MP4 family.
  if (ascii(buf, 4, 8) === 'ftyp') {
    return ascii(buf, 8, 12) === 'qt  '
      ? { mime: 'video/quicktime', ext: 'mov', kind: 'video' }
      : { mime: 'video/mp4', ext: 'mp4', kind: 'video' };
  }
  // EBML header; Matroska files that are not WebM are refused.
  if (buf.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) {
    return ascii(buf, 0, 64).includes('webm')
      ? { mime: 'video/webm', ext: 'webm', kind: 'video' }
      : null;
  }
  return null;
}

/** Bytes sniff() needs from the start of a file. */
export const SNIFF_BYTES = 64;

/**
 * The type of a whole file: sniff() on its first bytes, and for a video the structure of its
 * container (container-check.ts), so a file that only starts like a video is refused.
 */
export async function identify(read: ReadAt, size: number): Promise<Sniffed | null> {
  const type = sniff(await read(0, Math.min(size, SNIFF_BYTES)));
  if (!type || type.kind === 'image') return type;
  const valid = type.mime === 'video/webm' ? await isWebm(read, size) : await isIsoBmff(read, size);
  return valid ? type : null;
}

/** ReadAt over bytes in memory. */
export const readBuffer =
  (bytes: Buffer): ReadAt =>
  async (position, length) =>
    bytes.subarray(position, position + length);
