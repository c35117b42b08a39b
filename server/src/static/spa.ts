import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routeOfPathname } from '../../../src/engine/routes/route-table';
import { BASE_PATH } from '../../../src/spec/constants';
import { fail } from '../http/envelope';
import { createRoutePages } from './route-preloads';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Landing pages outside the base path (spec §2), built by the front end into dist/landing/. */
const LANDING_PAGES = new Map([
  ['/activity/dlink', 'landing/dlink.html'],
  ['/activity/dlink-mipay', 'landing/dlink-mipay.html'],
]);

/**
 * Serves the built app from `staticDir` (vite's dist/) under /mp/activity/ with history-mode
 * fallback to index.html (spec §2). Hashed files under assets/ are cached for a year; HTML is
 * `no-cache` so a deploy is picked up at once. A campaign route's page names the chunks of its
 * first render (route-preloads.json from the build) so they load beside the entry. Unknown
 * /mp/api paths get a 404 envelope.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const root = staticDir && existsSync(staticDir) ? path.resolve(staticDir) : null;
  const routePage = root ? createRoutePages(root, BASE_PATH) : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      prefix: BASE_PATH,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath).split(path.sep).join('/');
        if (rel.startsWith('assets/')) res.header('Cache-Control', IMMUTABLE);
        else if (rel.endsWith('.html')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
    for (const [url, file] of LANDING_PAGES) {
      app.get(url, async (_request, reply) => {
        if (!existsSync(path.join(root, file))) return reply.status(404).send('Not Found');
        return reply.sendFile(file);
      });
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (pathname === BASE_PATH.slice(0, -1) || pathname.startsWith(BASE_PATH)) &&
      !pathname.startsWith(`${BASE_PATH}assets/`);
    if (root && isPage && existsSync(path.join(root, 'index.html'))) {
      const page = await routePage?.(routeOfPathname(pathname, BASE_PATH));
      if (!page) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    if (pathname.startsWith('/mp/api/')) {
      return reply.status(404).send(fail(404, `no such call: ${request.method} ${pathname}`));
    }
    return reply.status(404).type('text/plain').send('Not Found');
  });
}
