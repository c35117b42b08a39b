import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { ReadAt } from '../domain/container-check';
import { ApiError, badRequest } from './envelope';

/** An upload spooled to a temporary file: read it, then remove it (always). */
export interface Spooled {
  size: number;
  read: ReadAt;
  chunks(): Readable;
  remove(): Promise<void>;
}

const tooLarge = (max: number) => new ApiError(413, `file too large: at most ${max} bytes`);

/** Counts bytes through the pipe and stops it past `max` (a raw body has no other limit). */
function limiter(max: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? tooLarge(max) : null, chunk);
    },
  });
}

/**
 * Streams an upload to a temporary file, never holding it in memory (issue 17): a multipart form
 * through @fastify/multipart (its first file part; limits on size, parts and fields), or the raw
 * request body. Over `max` bytes → 413 and nothing is kept.
 */
export async function spoolUpload(request: FastifyRequest, max: number): Promise<Spooled> {
  const file = path.join(tmpdir(), `mp-upload-${randomBytes(12).toString('hex')}`);
  const remove = () => unlink(file).catch(() => undefined);
  try {
    if (request.isMultipart()) {
      const part = await request.file({
        limits: {
          fileSize: max,
          files: 1,
          fields: 10,
          fieldSize: 1024,
          parts: 20,
          headerPairs: 50,
        },
      });
      if (!part) throw badRequest('multipart upload without a file part');
      await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge(max);
    } else {
      await pipeline(request.raw, limiter(max), createWriteStream(file, { flags: 'wx' }));
    }
  } catch (error) {
    await remove();
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(max);
    }
    throw error;
  }
  const handle = await open(file, 'r');
  const { size } = await handle.stat();
  await handle.close();
  return {
    size,
    read: async (position, length) => {
      const fd = await open(file, 'r');
      try {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
        const { bytesRead } = await fd.read(buffer, 0, buffer.length, position);
        return buffer.subarray(0, bytesRead);
      } finally {
        await fd.close();
      }
    },
    chunks: () => createReadStream(file, { highWaterMark: 1024 * 1024 }),
    remove,
  };
}
