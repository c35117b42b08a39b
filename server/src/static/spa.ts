import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyEtag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENTS_DIR } from '../../../src/contracts/site/build-output';
import { landingLocation } from '../../../src/contracts/site/landing-alias';
import { routeOfPathname } from '../../../src/contracts/site/route-table';
import { hasLoginCookies } from '../../../src/contracts/site/login-cookies';
import { BASE_PATH } from '../../../src/spec/constants';
import { fail } from '../http/envelope';
import { createRoutePages } from './route-preloads';
import { serverRedirectLocation } from './server-redirect';
import { createSiteBuild } from './site-build';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Landing pages outside the base path (spec §2), built by the front end into dist/landing/. */
const LANDING_PAGES = new Map([
  ['/activity/dlink', 'landing/dlink.html'],
  ['/activity/dlink-mipay', 'landing/dlink-mipay.html'],
]);

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';
const pathnameOf = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '';
const searchOf = (request: FastifyRequest) => {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
};

/** spec §4's "logged in", read from the request's cookies and host as the page reads them. */
function visitorHasLoginCookies(request: FastifyRequest): boolean {
  const cookies = request.cookies;
  return hasLoginCookies(
    { get: (name) => cookies[name] ?? null },
    request.headers.host ?? request.hostname,
  );
}

function notFoundText(reply: FastifyReply): void {
  reply.status(404).type('text/plain').send('Not Found');
}

/**
 * Answers through `reply` (sendFile streams later) and never hands the reply back: a reply is a
 * thenable, and each wait on it (Fastify's on a handler's result, or an async function adopting
 * it) adds listeners to the response, past Node's leak warning on the way to a 404 page. Hence
 * `void` statements, not `return reply…`, in these handlers.
 */
type Answer = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const answering =
  (answer: Answer) =>
  (request: FastifyRequest, reply: FastifyReply): void => {
    answer(request, reply).catch((error: unknown) => reply.send(error));
  };

/**
 * Serves the built app from `staticDir` (vite's dist/) under /mp/activity/ (spec §2:
 * history-mode routes, unknown paths show a 404 page) and the landing pages.
 *
 * - A route of the build's route list (routes.json: every campaign document) gets its
 *   prerendered page (pages/manifest.json; a request with the login cookies its logged-in page
 *   where there is one, `Vary: Cookie`), else index.html with the modulepreload hints of its
 *   first render (route-preloads.json). A redirect document the server can decide answers 302.
 * - Any other path is a file of the build, else 404 with the 404 page as body (the prerendered
 *   one, else index.html, whose app shows its NotFoundScreen).
 * - Files go out precompressed (the build's .br/.gz, by Accept-Encoding, `Vary: accept-encoding`);
 *   hashed files under assets/ are cached for a year, HTML is `no-cache` with an ETag, so a
 *   deploy is seen at once and an unchanged page costs a 304.
 *
 * Unknown /mp/api paths get a 404 envelope.
 */
export async function registerSpa(
  app: FastifyInstance,
  staticDir: string | null,
  now: () => Date = () => new Date(),
): Promise<void> {
  const root = staticDir && existsSync(staticDir) ? path.resolve(staticDir) : null;
  if (root) await registerBuild(app, root, now);

  // Synchronous, like the handlers below: an async handler that sends without returning the
  // reply resolves before the send ends, and Fastify then sends again and logs a 500 for a 404.
  app.setNotFoundHandler((request, reply) => {
    const pathname = pathnameOf(request);
    if (pathname.startsWith('/mp/api/')) {
      const msg = `no such call: ${request.method} ${pathname}`;
      reply.status(404).send(fail(404, msg, undefined, request.id));
    } else {
      notFoundText(reply);
    }
  });
}

async function registerBuild(app: FastifyInstance, root: string, now: () => Date): Promise<void> {
  // reply.sendFile for everything below: each file by content negotiation among the build's
  // .br, .gz and the file itself (a client without Accept-Encoding, or with `identity`, gets
  // the file), with send's ETag and Last-Modified, If-None-Match/If-Modified-Since and ranges.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(root, filePath).split(path.sep).join('/');
      if (rel.startsWith('assets/')) res.header('Cache-Control', IMMUTABLE);
      // Pages and the documents the app fetches by route (not hashed): a deploy is seen at once.
      else if (/\.html(?:\.br|\.gz)?$/.test(rel) || rel.startsWith(`${DOCUMENTS_DIR}/`)) {
        res.header('Cache-Control', 'no-cache');
      } else res.header('Cache-Control', 'public, max-age=3600');
    },
  });
  for (const [url, file] of LANDING_PAGES) {
    app.get(
      url,
      answering(async (_request, reply) => {
        if (existsSync(path.join(root, file))) reply.sendFile(file);
        else notFoundText(reply);
      }),
    );
  }

  const site = createSiteBuild(root);
  const routePage = createRoutePages(root, BASE_PATH);
  const basePrefix = BASE_PATH.replace(/\/+$/, '');

  await app.register(
    async (pages) => {
      // An ETag (and 304 on If-None-Match) for the HTML made here per route, which has no file
      // behind it; weak, since it stays the same whether the body goes out compressed or not.
      // Files already carry send's ETag, which this leaves as it is.
      await pages.register(fastifyEtag, { weak: true });

      /** 404 with the 404 page as body (spec §2), or plain text for a file that is not there. */
      const notFound: Answer = async (request, reply) => {
        const build = await site();
        if (!build || !isRead(request) || pathnameOf(request).startsWith(`${BASE_PATH}assets/`)) {
          notFoundText(reply);
          return;
        }
        // No ETag: a cached 404 revalidated with If-None-Match must not turn into an empty 404.
        reply
          .status(404)
          .header('Cache-Control', 'no-cache')
          .sendFile(build.notFound ?? 'index.html', { etag: false, lastModified: false });
      };
      pages.setNotFoundHandler(answering(notFound));

      // Hashed files: precompressed at build, or too small to be worth it; nothing to do per
      // request, so the on-the-fly compression stays off here.
      pages.route({
        method: ['GET', 'HEAD'],
        url: '/assets/*',
        compress: false,
        handler: (request, reply) => {
          reply.sendFile(`assets/${(request.params as { '*': string })['*']}`);
        },
      });

      /** A route's page, its redirect, or (not a route) a file of the build or the 404 page. */
      const page: Answer = async (request, reply) => {
        const build = await site();
        if (!build) {
          notFoundText(reply);
          return;
        }
        const route = routeOfPathname(pathnameOf(request), BASE_PATH) ?? '/';
        const file = (request.params as { '*'?: string })['*'] ?? '';
        // Checked here rather than left to sendFile, whose miss would go through Fastify's
        // callNotFound: the 404 page is the common answer to a path that is not a route. Only
        // a yes or no: sendFile still decides what may be served.
        const isFile = () =>
          stat(path.join(root, file)).then(
            (s) => s.isFile(),
            () => false,
          );
        // A build without a route list: every path that is not a file is a page, as before.
        // Without a list, a path with a segment that no route can have (a "_" name, such as
        // the documents folder: route-table.ts) is a file or nothing, never the app's page.
        const isRoute = build.routes
          ? build.routes.has(route)
          : !route.split('/').some((segment) => segment.startsWith('_')) && !(await isFile());
        if (!isRoute) {
          if (!(await isFile())) await notFound(request, reply);
          else reply.sendFile(file);
          return;
        }

        // A landing alias (/dlink): the landing page itself, with the visitor's query.
        const landing = build.landings.get(route);
        if (landing) {
          reply
            .header('Cache-Control', 'no-cache')
            .redirect(landingLocation(landing, searchOf(request)), 302);
          return;
        }
        const redirect = build.redirects.get(route);
        const location =
          redirect &&
          serverRedirectLocation(
            redirect,
            {
              host: request.headers.host,
              search: searchOf(request),
              now: now().getTime(),
              userAgent: request.headers['user-agent'],
            },
            BASE_PATH,
          );
        // The answer for a redirect document may depend on the user agent (its host app).
        if (redirect) reply.header('Vary', 'User-Agent');
        if (location) {
          reply.header('Cache-Control', 'no-cache').redirect(location, 302);
          return;
        }
        const prerendered = build.pages.get(route);
        if (prerendered) {
          // A visitor with the login cookies gets the page prerendered logged in, where the
          // route has one: its login-dependent parts show their loading state, never a login
          // prompt (decision 0026, amended in session 15). The same test as the client's
          // (spec §4), so hydration starts from the view the page was rendered for.
          const loggedIn = build.loggedInPages.get(route);
          reply.header('Vary', 'Cookie');
          reply.sendFile(loggedIn && visitorHasLoginCookies(request) ? loggedIn : prerendered);
          return;
        }
        const html = await routePage(route);
        if (html) {
          reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
        } else {
          reply.sendFile('index.html');
        }
      };
      pages.route({ method: ['GET', 'HEAD'], url: '/', handler: answering(page) });
      pages.route({ method: ['GET', 'HEAD'], url: '/*', handler: answering(page) });
    },
    { prefix: basePrefix },
  );
}
