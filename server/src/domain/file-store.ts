import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { SERVER_DIR } from '../paths';
import type { Sniffed } from './file-sniff';

/** Default storage folder of the embedded deployment (git-ignored with the rest of data/). */
export const DEFAULT_UPLOAD_DIR = path.join(SERVER_DIR, 'data/uploads');

/** Stored names are generated here and nowhere else: 32 hex digits and a known extension. */
export const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp|mp4|webm|mov)$/;

/** The token of a one-time upload link (24 random bytes, base64url). */
export const UPLOAD_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** A new stored name for a file of this type (file-storage.ts keeps files under it). */
export const newStoredName = (type: Sniffed) => `${randomBytes(16).toString('hex')}.${type.ext}`;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

/** The public address of a stored file (served by routes/files.ts). */
export const fileUrl = (name: string) => `/mp/api/file/object/${name}`;

/** A stored name from its URL (or the bare name); null when it is not one of ours. */
export function storedNameOf(urlOrName: string): string | null {
  const name = urlOrName.startsWith('/mp/api/file/object/')
    ? urlOrName.slice('/mp/api/file/object/'.length)
    : urlOrName;
  return STORED_NAME.test(name) ? name : null;
}
