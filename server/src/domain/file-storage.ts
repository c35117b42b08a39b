import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/types';
import { STORED_NAME } from './file-store';

/** Bytes [start, end] of a stored file, both inclusive (an HTTP byte range). */
export type Chunks = AsyncIterable<Buffer> | Iterable<Buffer>;

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live (issue 17). Callers pass only names matching STORED_NAME (generated
 * by the server), so no request can name a path. Two implementations:
 * - LocalDiskStorage: a folder (UPLOAD_DIR), the default of one node;
 * - PgLargeObjectStorage: PostgreSQL large objects, shared by every node (UPLOAD_STORAGE=postgres).
 */
export interface FileStorage {
  readonly kind: 'disk' | 'postgres';
  /**
   * Writes a new file from the chunks `source()` yields; fails if the name exists. A function,
   * so a database write retried after a lost connection reads the file again from the start.
   */
  write(name: string, source: () => Chunks): Promise<void>;
  /** The file, or the given range of it, as a stream. */
  read(name: string, range?: ByteRange): Promise<Readable>;
  /** Removes the file; a missing one is not an error. */
  remove(name: string): Promise<void>;
}

function checkName(name: string): string {
  if (!STORED_NAME.test(name)) throw new Error(`not a stored file name: ${name}`);
  return name;
}

export class LocalDiskStorage implements FileStorage {
  readonly kind = 'disk';
  constructor(readonly dir: string) {}

  private pathOf(name: string) {
    return path.join(this.dir, checkName(name));
  }

  async write(name: string, source: () => Chunks): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = this.pathOf(name);
    try {
      await pipeline(Readable.from(source()), createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      await unlink(file).catch(() => undefined);
      throw error;
    }
  }

  async read(name: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.pathOf(name), range ?? {});
    // Open errors (a file gone from disk) surface here, not halfway through a response.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async remove(name: string): Promise<void> {
    await unlink(this.pathOf(name)).catch(() => undefined);
  }
}

/** Chunk size of large-object writes and reads: bounds the memory one upload takes. */
const CHUNK = 1024 * 1024;

/**
 * PostgreSQL large objects (`lo_from_bytea`, `lo_put`, `lo_get`, `lo_unlink`), one per file,
 * named in `upload_blobs`. Chosen as the shared backend because every node already reaches the
 * database (no other service to run, secure or back up), it works the same on PGlite, a file is
 * written and read in 1 MiB pieces (no 50 MB value in memory, unlike a bytea column), a byte range
 * is read server-side with `lo_get(oid, offset, length)` (video needs 206), and the write commits
 * with its `upload_blobs` row. An S3-compatible store is the next step at a scale where the
 * database should not carry file traffic; it fits the same interface.
 */
export class PgLargeObjectStorage implements FileStorage {
  readonly kind = 'postgres';
  constructor(private readonly db: Db) {}

  async write(name: string, source: () => Chunks): Promise<void> {
    checkName(name);
    await this.db.transaction(async (tx) => {
      const chunks = source();
      const created = await tx.query<{ oid: number }>(
        `SELECT lo_from_bytea(0, '\\x'::bytea)::bigint AS oid`,
      );
      const oid = Number(created.rows[0]?.oid);
      let offset = 0;
      for await (const chunk of chunks) {
        for (let at = 0; at < chunk.length; at += CHUNK) {
          const piece = chunk.subarray(at, at + CHUNK);
          await tx.query('SELECT lo_put($1::bigint::oid, $2, $3::bytea)', [oid, offset, piece]);
          offset += piece.length;
        }
      }
      await tx.query('INSERT INTO upload_blobs (name, oid, size_bytes) VALUES ($1, $2, $3)', [
        name,
        oid,
        offset,
      ]);
    });
  }

  async read(name: string, range?: ByteRange): Promise<Readable> {
    const res = await this.db.query<{ oid: number; size_bytes: number }>(
      'SELECT oid::bigint AS oid, size_bytes FROM upload_blobs WHERE name = $1',
      [checkName(name)],
    );
    const row = res.rows[0];
    if (!row) throw Object.assign(new Error(`no such file: ${name}`), { code: 'ENOENT' });
    const { db } = this;
    const start = range?.start ?? 0;
    const end = range?.end ?? row.size_bytes - 1;
    async function* pieces() {
      for (let at = start; at <= end; at += CHUNK) {
        const length = Math.min(CHUNK, end - at + 1);
        const piece = await db.query<{ data: Uint8Array }>(
          'SELECT lo_get($1::bigint::oid, $2, $3) AS data',
          [row?.oid ?? 0, at, length],
        );
        const data = piece.rows[0]?.data;
        if (data) yield Buffer.from(data);
      }
    }
    return Readable.from(pieces());
  }

  async remove(name: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const gone = await tx.query<{ oid: number }>(
        'DELETE FROM upload_blobs WHERE name = $1 RETURNING oid::bigint AS oid',
        [checkName(name)],
      );
      const oid = gone.rows[0]?.oid;
      if (oid !== undefined) await tx.query('SELECT lo_unlink($1::bigint::oid)', [oid]);
    });
  }
}

/** UPLOAD_STORAGE=postgres → large objects; disk → the folder (env-schema.ts refuses others). */
export function openFileStorage(kind: 'disk' | 'postgres', db: Db, dir: string): FileStorage {
  return kind === 'postgres' ? new PgLargeObjectStorage(db) : new LocalDiskStorage(dir);
}
