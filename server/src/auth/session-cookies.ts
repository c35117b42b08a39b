import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { serviceTokenCookieName, serviceTokenMarkerName, USER_ID_COOKIE } from './cookie-names';
import { signToken } from './token';

/**
 * The session the server issues once a provider has proven the phone (spec §4 cookies, decision
 * 0003): the user id (readable), the signed service token (httpOnly: page scripts cannot read
 * or steal it) and a marker the page can read in its place (src/contracts/site/login-cookies.ts).
 * A new token each sign-in: the session rotates; it expires after sessionTtlSeconds.
 */
export function issueSession(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  userId: string,
): void {
  const base = {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ctx.config.sessionTtlSeconds,
  } as const;
  reply.setCookie(USER_ID_COOKIE, userId, { ...base, httpOnly: false });
  reply.setCookie(
    serviceTokenCookieName(request.hostname),
    signToken(ctx.secret, userId, ctx.realNow().getTime()),
    { ...base, httpOnly: true },
  );
  reply.setCookie(serviceTokenMarkerName(request.hostname), '1', { ...base, httpOnly: false });
  ctx.metrics.signedIn();
}

/** Logout: the three session cookies of this host family are gone. */
export function clearSession(request: FastifyRequest, reply: FastifyReply): void {
  const base = { path: '/', sameSite: 'lax', secure: request.protocol === 'https' } as const;
  reply.clearCookie(USER_ID_COOKIE, base);
  reply.clearCookie(serviceTokenCookieName(request.hostname), base);
  reply.clearCookie(serviceTokenMarkerName(request.hostname), base);
}
