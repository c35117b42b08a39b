import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Responses of at least this many bytes are compressed on the fly (API JSON, the HTML the server
 * makes for a route); smaller ones fit in a packet or two either way. The build precompresses
 * its files from the same size (src/build/precompress.ts).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The encodings the build writes (.br, .gz); every browser that sends Accept-Encoding has one. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current : [current ?? ''])
    .flatMap((value) => String(value).split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

function isStream(payload: unknown): boolean {
  return typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
}

/**
 * Compression of what the server makes per request (issue 10, point 2), with @fastify/compress:
 * brotli or gzip by the request's Accept-Encoding, above the threshold; no Accept-Encoding (or
 * `identity`) gets the body as it is. Files of the build are not compressed here: they come
 * precompressed (server/src/static/spa.ts). Registered before the routes, because the plugin
 * attaches itself to each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ENCODINGS,
    // Responses only: no client of ours compresses a request body, and decoding them would add
    // a way in (415 on an unknown Content-Encoding, inflating uploads) for nothing.
    globalDecompression: false,
  });
  // The plugin says `Vary: accept-encoding` only on the responses it compressed. A response it
  // left as it is because this client sent no Accept-Encoding varies as well: without the
  // header, a shared cache could hand that identity copy to every client (or, worse, a
  // compressed copy to one that cannot read it). Runs before the plugin's own hook, so it sees
  // the body as the handler made it.
  app.addHook('onSend', async (_request, reply, payload) => {
    const size =
      typeof payload === 'string' || Buffer.isBuffer(payload) ? Buffer.byteLength(payload) : 0;
    if (isStream(payload) || size >= COMPRESS_THRESHOLD_BYTES) varyOnAcceptEncoding(reply);
    return payload;
  });
}
