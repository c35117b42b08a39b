import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
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

/**
 * Writes a raw request body to `file`, refusing it past `max` bytes (a raw body has no other
 * limit). A loop rather than pipeline() through a counting Transform: from Node 22 on, pipeline()
 * never settles when it destroys a request made by app.inject (light-my-request), so an upload
 * over the limit hung there instead of answering 413; the loop answers on every Node and server.
 */
async function spoolRaw(body: Readable, file: string, max: number): Promise<void> {
  const out = createWriteStream(file, { flags: 'wx' });
  try {
    let seen = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > max) throw tooLarge(max);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
  } catch (error) {
    out.destroy();
    throw error;
  }
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
      await spoolRaw(request.raw, file, max);
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
