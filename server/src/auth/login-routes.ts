import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BASE_PATH } from '../../../src/spec/constants';
import type { AppContext } from '../app-context';
import { toRouteSchema } from '../http/define-route';
import { PHONE_PATTERN, signInByPhone } from '../domain/users';
import { serviceTokenCookieName, USER_ID_COOKIE } from './cookie-names';
import { loginPage } from './login-page';
import { safeRedirectTarget } from './safe-redirect';
import { signToken } from './token';

const query = z.object({
  from: z.string().max(200).default(''),
  deepLinkEnable: z.string().max(20).default(''),
  requestUrl: z.string().max(2000).default(''),
});
const body = query.extend({ phone: z.string().max(20) });

/** The request's origin, normalised like the URL parser does (default ports dropped). */
function origin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'null';
  }
}

/** GET shows the sign-in form; POST signs in and redirects back to requestUrl (same origin only). */
export function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/mp/api/login', { schema: { querystring: toRouteSchema(query) } }, (request, reply) => {
    const q = query.parse(request.query);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        loginPage({ ...q, requestUrl: safeRedirectTarget(q.requestUrl, origin(request)) ?? '' }),
      );
  });

  app.post('/mp/api/login', { schema: { body: toRouteSchema(body) } }, async (request, reply) => {
    const b = body.parse(request.body);
    const html = (status: number, error: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(loginPage({ ...b, error }));
    if (!PHONE_PATTERN.test(b.phone)) return html(400, 'Enter an 11-digit mobile number.');
    const requestOrigin = origin(request);
    const target =
      b.requestUrl === ''
        ? new URL(BASE_PATH, requestOrigin).href
        : safeRedirectTarget(b.requestUrl, requestOrigin);
    if (target === null) return html(400, 'The return address is not on this site.');

    const user = await signInByPhone(ctx.db, b.phone);
    const userId = String(user.id);
    // Both readable by the page: the client checks their presence (spec §4).
    const cookie = {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: request.protocol === 'https',
      maxAge: ctx.config.sessionTtlSeconds,
    } as const;
    reply.setCookie(USER_ID_COOKIE, userId, cookie);
    reply.setCookie(
      serviceTokenCookieName(request.hostname),
      signToken(ctx.secret, userId, ctx.now().getTime()),
      cookie,
    );
    ctx.metrics.signedIn();
    return reply.redirect(target, 302);
  });
}
