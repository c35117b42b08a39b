import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sniffed } from './file-sniff';

/** Default storage folder of the embedded deployment (git-ignored with the rest of data/). */
export const DEFAULT_UPLOAD_DIR = fileURLToPath(new URL('../../data/uploads/', import.meta.url));

/** Stored names are generated here and nowhere else: 32 hex digits and a known extension. */
export const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp|mp4|webm|mov)$/;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

/**
 * The server's own file storage. Callers pass only names matching STORED_NAME, so a path can
 * never leave the folder whatever a request contains.
 */
export class FileStore {
  constructor(readonly dir: string) {}

  private pathOf(name: string): string {
    if (!STORED_NAME.test(name)) throw new Error(`not a stored file name: ${name}`);
    return path.join(this.dir, name);
  }

  async save(bytes: Buffer, type: Sniffed): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
    await writeFile(this.pathOf(name), bytes, { flag: 'wx' });
    return name;
  }

  read(name: string): Promise<Buffer> {
    return readFile(this.pathOf(name));
  }

  async remove(name: string): Promise<void> {
    await unlink(this.pathOf(name)).catch(() => undefined);
  }
}

/** The public address of a stored file (served by routes/files.ts). */
export const fileUrl = (name: string) => `/mp/api/file/object/${name}`;

/** A stored name from its URL (or the bare name); null when it is not one of ours. */
export function storedNameOf(urlOrName: string): string | null {
  const name = urlOrName.startsWith('/mp/api/file/object/')
    ? urlOrName.slice('/mp/api/file/object/'.length)
    : urlOrName;
  return STORED_NAME.test(name) ? name : null;
}
