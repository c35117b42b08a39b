import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AppContext } from '../app-context';
import type { ReadAt } from '../domain/container-check';
import { identify, readBuffer } from '../domain/file-sniff';
import type { Sniffed } from '../domain/file-sniff';
import {
  fileUrl,
  IMAGE_MAX_BYTES,
  newStoredName,
  STORED_NAME,
  UPLOAD_TOKEN,
  VIDEO_MAX_BYTES,
} from '../domain/file-store';
import { openFileStorage } from '../domain/file-storage';
import { objectDoc, uploadDoc } from '../docs/file-routes-doc';
import { defineRoute } from '../http/define-route';
import { ApiError, badRequest, forbidden, ok } from '../http/envelope';
import { spoolUpload } from '../http/receive-upload';

const F = '/mp/api/file';
/** One-time upload links live this long. */
const TICKET_TTL_MS = 15 * 60 * 1000;
/** Served files: nothing may run, load or frame; only the file itself shows. */
const FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const sign = (secret: string, token: string, expires: number) =>
  createHmac('sha256', secret).update(`upload.${token}.${expires}`).digest('base64url');

function sameSig(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The file's type from its bytes (magic numbers, and the container structure of a video), checked
 * against what the caller may upload and the size limit.
 */
async function accept(read: ReadAt, size: number, allowVideo: boolean): Promise<Sniffed> {
  const type = await identify(read, size);
  if (!type || (type.kind === 'video' && !allowVideo)) {
    throw badRequest(
      allowVideo
        ? 'unsupported file: PNG, JPEG, GIF, WebP, MP4, WebM or QuickTime only'
        : 'unsupported image: PNG, JPEG, GIF or WebP only',
    );
  }
  const max = type.kind === 'video' ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES;
  if (size > max) throw new ApiError(413, `file too large: at most ${max} bytes`);
  return type;
}

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null = whole file. */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  const [a, b] = [m[1] ?? '', m[2] ?? ''];
  const start = a === '' ? Math.max(0, size - Number(b)) : Number(a);
  const end = a === '' || b === '' ? size - 1 : Math.min(Number(b), size - 1);
  return start <= end && start < size ? { start, end } : 'invalid';
}

/** base64 or a data: URL of base64 → bytes; 400 on anything else. */
function decodeBase64(image: string): Buffer {
  const data = image.replace(/^data:[\w.+/-]{0,100};base64,/, '').replace(/\s+/g, '');
  if (data.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) {
    throw badRequest('image must be base64 (optionally a data: URL)');
  }
  return Buffer.from(data, 'base64');
}

/**
 * File calls (spec §7 Files) and the server's own storage (domain/file-storage.ts), as configured
 * (config.uploads: env UPLOAD_STORAGE and UPLOAD_DIR), so each test app can choose.
 */
export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = openFileStorage(ctx.config.uploads.storage, ctx.db, ctx.config.uploads.dir);

  const record = async (name: string, userId: string, type: Sniffed, size: number) =>
    ctx.db.query(
      'INSERT INTO uploads (name, user_id, mime, size_bytes, created_at) VALUES ($1, $2, $3, $4, $5)',
      [name, userId, type.mime, size, ctx.realNow()],
    );

  defineRoute(app, ctx, {
    call: 'file.uploadImage',
    auth: 'user',
    rateLimit: 'upload',
    handler: async ({ input, userId }) => {
      const bytes = decodeBase64(input.image);
      const type = await accept(readBuffer(bytes), bytes.length, false);
      const name = newStoredName(type);
      await store.write(name, () => [bytes]);
      await record(name, userId, type, bytes.length).catch(async (error: unknown) => {
        await store.remove(name);
        throw error;
      });
      return ok({ url: fileUrl(name), name, mime: type.mime, size: bytes.length });
    },
  });

  defineRoute(app, ctx, {
    call: 'file.generatePreSignedUri',
    auth: 'user',
    rateLimit: 'upload',
    handler: async ({ input, userId }) => {
      const token = randomBytes(24).toString('base64url');
      const expires = ctx.realNow().getTime() + TICKET_TTL_MS;
      await ctx.db.query(
        'INSERT INTO upload_tickets (token, user_id, kind, expires_at) VALUES ($1, $2, $3, $4)',
        [token, userId, input.kind, new Date(expires)],
      );
      const uploadUrl = `${F}/put/${token}?expires=${expires}&sig=${sign(ctx.secret, token, expires)}`;
      return ok({ uploadUrl, methods: ['PUT', 'POST'], expireTime: expires });
    },
  });

  // The storage routes take a raw body or a multipart form, streamed (never parsed into memory),
  // and set their own headers, so they live in a scope of their own.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // @fastify/multipart streams form parts; its limits are set per request (receive-upload.ts).
    await scope.register(fastifyMultipart, { limits: { fileSize: VIDEO_MAX_BYTES, files: 1 } });
    // Any other type: leave the body unread, receive-upload.ts streams request.raw to a file.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Content-Security-Policy', FILE_CSP);
      return payload;
    });

    const upload = async (
      request: FastifyRequest<{ Params: { token: string }; Querystring: Record<string, string> }>,
    ) => {
      // The link is checked before a byte of the body is read.
      const { token } = request.params;
      const expires = Number(request.query.expires);
      const sig = request.query.sig ?? '';
      if (!UPLOAD_TOKEN.test(token) || !Number.isSafeInteger(expires))
        throw forbidden('invalid upload link');
      if (!sameSig(sig, sign(ctx.secret, token, expires))) throw forbidden('invalid upload link');
      if (expires < ctx.realNow().getTime()) throw forbidden('upload link expired');
      const spooled = await spoolUpload(request, VIDEO_MAX_BYTES);
      let name: string | null = null;
      try {
        if (spooled.size === 0) throw badRequest('empty upload');
        const type = await accept(spooled.read, spooled.size, true);
        name = newStoredName(type);
        await store.write(name, () => spooled.chunks());
        const size = spooled.size;
        // One use: the conditional update and the record commit together.
        return await ctx.db.transaction(async (tx) => {
          const used = await tx.query<{ user_id: number; kind: string }>(
            `UPDATE upload_tickets SET used_at = $2
             WHERE token = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id, kind`,
            [token, ctx.realNow()],
          );
          const ticket = used.rows[0];
          if (!ticket) throw forbidden('upload link already used or expired');
          if (ticket.kind === 'image' && type.kind !== 'image')
            throw badRequest('this link takes an image');
          await tx.query(
            'INSERT INTO uploads (name, user_id, mime, size_bytes, created_at) VALUES ($1, $2, $3, $4, $5)',
            [name, String(ticket.user_id), type.mime, size, ctx.realNow()],
          );
          return ok({ url: fileUrl(name ?? ''), name, mime: type.mime, size });
        });
      } catch (error) {
        if (name !== null) await store.remove(name);
        throw error;
      } finally {
        await spooled.remove();
      }
    };
    // One route per method, so each has its own OpenAPI operation.
    for (const method of ['put', 'post'] as const) {
      scope.route({
        method: method.toUpperCase() as 'PUT' | 'POST',
        url: `${F}/put/:token`,
        config: { openApi: uploadDoc(method) },
        handler: upload,
      });
    }

    const object = { config: { openApi: objectDoc } };
    scope.get<{ Params: { name: string } }>(`${F}/object/:name`, object, async (request, reply) => {
      const { name } = request.params;
      if (!STORED_NAME.test(name)) throw new ApiError(404, 'no such file');
      const res = await ctx.db.query<{ mime: string; size_bytes: number }>(
        'SELECT mime, size_bytes FROM uploads WHERE name = $1',
        [name],
      );
      const row = res.rows[0];
      if (!row) throw new ApiError(404, 'no such file');
      const size = row.size_bytes;
      reply
        .header('Content-Type', row.mime)
        .header('Content-Disposition', `inline; filename="${name}"`)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'same-site')
        .header('Accept-Ranges', 'bytes');
      // Mobile Safari plays a video only when the server answers byte ranges with 206.
      const range = byteRange(request.headers.range, size);
      if (range === 'invalid') {
        return reply.status(416).header('Content-Range', `bytes */${size}`).send();
      }
      const stream = await store.read(name, range ?? undefined).catch(() => {
        throw new ApiError(404, 'no such file');
      });
      if (range) {
        return reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', String(range.end - range.start + 1))
          .send(stream);
      }
      return reply.header('Content-Length', String(size)).send(stream);
    });
  });
}
