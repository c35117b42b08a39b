import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { CustomFetch } from 'openid-client';
import { z } from 'zod';
import { BASE_PATH, WEB_LOGIN_PATH, WEB_LOGOUT_PATH } from '../../../src/spec/constants';
import type { AppContext } from '../app-context';
import { signInByPhone } from '../domain/users';
import { toRouteSchema } from '../http/define-route';
import { registerDevInboxRoute } from './dev-inbox-route';
import { LOGIN_TRANSACTION_COOKIE, openTransaction, sealTransaction } from './login-transaction';
import {
  createEmbeddedProvider,
  destroyProviderSession,
  EMBEDDED_CLIENT_ID,
  EMBEDDED_ID_TOKEN_ALG,
  EMBEDDED_ISSUER,
  embeddedClientSecret,
  mountProvider,
  PROVIDER_SESSION_COOKIE,
} from './oidc/embedded-provider';
import { registerInteractionRoutes } from './oidc/interaction-routes';
import { messagePage } from './oidc/interaction-page';
import { createRelyingParty } from './oidc/relying-party';
import type { RelyingParty } from './oidc/relying-party';
import { safeRedirectTarget } from './safe-redirect';
import { clearSession, issueSession } from './session-cookies';
import { LOGIN_CALLBACK_PATH, LOGIN_TRANSACTION_TTL_SECONDS } from './sign-in-constants';
import { devSmsSender, logSmsSender, webhookSmsSender } from './sms/sms-sender';

/** spec §2: the web login takes from, deepLinkEnable and requestUrl. */
const query = z.object({
  from: z.string().max(200).default(''),
  deepLinkEnable: z.string().max(20).default(''),
  requestUrl: z.string().max(2000).default(''),
});
const logoutQuery = z.object({ requestUrl: z.string().max(2000).default('') });

/** The request's origin, normalised like the URL parser does (default ports dropped). */
function origin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'null';
  }
}

/** requestUrl when it is ours, the campaign home when empty, null when it points elsewhere. */
function returnTarget(request: FastifyRequest, requestUrl: string): string | null {
  const own = origin(request);
  return requestUrl === '' ? new URL(BASE_PATH, own).href : safeRedirectTarget(requestUrl, own);
}

const html = (reply: FastifyReply, status: number, text: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(messagePage(text, WEB_LOGIN_PATH));

/** The embedded provider's back channel: Fastify's inject, no network, no listening port. */
function injectFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const body = options.body;
    const res = await app.inject({
      method: options.method as HTTPMethods,
      url: target.pathname + target.search,
      headers: { ...options.headers, host: target.host },
      ...(body === null || body === undefined
        ? {}
        : {
            payload:
              typeof body === 'string'
                ? body
                : body instanceof URLSearchParams
                  ? body.toString()
                  : Buffer.from(body as Uint8Array),
          }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, { status: res.statusCode, headers });
  };
}

/**
 * Sign-in (issue 35, decision 0003): GET /mp/api/login (spec §2) starts OpenID Connect with the
 * configured provider; the callback verifies the ID token, finds or makes the user by the
 * proven phone and issues the session; /mp/api/logout ends it here and at the provider.
 */
export async function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const signIn = ctx.config.signIn;
  let rp: RelyingParty;
  if (signIn.provider === 'embedded') {
    const provider = await createEmbeddedProvider(ctx.db, ctx.secret);
    mountProvider(app, provider);
    const devInbox = !signIn.production && signIn.smsWebhookUrl === null;
    const sms =
      signIn.smsWebhookUrl !== null
        ? webhookSmsSender(signIn.smsWebhookUrl)
        : devInbox
          ? devSmsSender(ctx.db, app.log)
          : logSmsSender(app.log);
    registerInteractionRoutes(app, ctx, provider, sms, signIn.smsSendsPerAddressPerHour);
    if (devInbox) registerDevInboxRoute(app, ctx);
    rp = createRelyingParty({
      issuer: EMBEDDED_ISSUER,
      clientId: EMBEDDED_CLIENT_ID,
      clientSecret: embeddedClientSecret(ctx.secret),
      fetchFn: injectFetch(app),
      allowHttp: true,
      idTokenAlg: EMBEDDED_ID_TOKEN_ALG,
    });
  } else {
    rp = createRelyingParty({
      issuer: signIn.issuer,
      clientId: signIn.clientId,
      clientSecret: signIn.clientSecret,
    });
  }
  const redirectUri = (request: FastifyRequest) =>
    (signIn.provider === 'external' ? signIn.redirectUri : null) ??
    `${origin(request)}${LOGIN_CALLBACK_PATH}`;
  const txCookie = (request: FastifyRequest) => ({
    path: LOGIN_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });

  app.get(
    WEB_LOGIN_PATH,
    { schema: { querystring: toRouteSchema(query) } },
    async (request, reply) => {
      const q = query.parse(request.query);
      const returnTo = returnTarget(request, q.requestUrl);
      if (returnTo === null) return html(reply, 400, '返回地址不属于本站，无法登录。');
      const { url, tx } = await rp.start(redirectUri(request), returnTo);
      reply.setCookie(
        LOGIN_TRANSACTION_COOKIE,
        sealTransaction(ctx.secret, tx, ctx.realNow().getTime()),
        {
          ...txCookie(request),
          maxAge: LOGIN_TRANSACTION_TTL_SECONDS,
        },
      );
      // The embedded provider is on this very host: stay on it (spec §4 host families).
      const target = signIn.provider === 'embedded' ? url.pathname + url.search : url.href;
      return reply.header('Cache-Control', 'no-store').redirect(target, 302);
    },
  );

  app.get(LOGIN_CALLBACK_PATH, async (request, reply) => {
    const tx = openTransaction(
      ctx.secret,
      request.cookies[LOGIN_TRANSACTION_COOKIE],
      LOGIN_TRANSACTION_TTL_SECONDS,
      ctx.realNow().getTime(),
    );
    if (tx === null) return html(reply, 400, '登录已超时，请重新登录。');
    reply.clearCookie(LOGIN_TRANSACTION_COOKIE, txCookie(request));
    const search = new URL(request.url, 'http://callback').search;
    let phone: string;
    try {
      ({ phone } = await rp.finish(search, tx));
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in callback refused');
      return html(reply, 400, '登录未完成，请重新登录。');
    }
    const user = await signInByPhone(ctx.db, phone);
    issueSession(request, reply, ctx, String(user.id));
    return reply.header('Cache-Control', 'no-store').redirect(tx.returnTo, 302);
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = logoutQuery.parse(request.query ?? {});
    const back = returnTarget(request, q.requestUrl) ?? new URL(BASE_PATH, origin(request)).href;
    clearSession(request, reply);
    if (signIn.provider === 'embedded') {
      const sessionId = request.cookies[PROVIDER_SESSION_COOKIE];
      if (sessionId) await destroyProviderSession(ctx.db, sessionId);
      reply.clearCookie(PROVIDER_SESSION_COOKIE, { path: '/' });
      reply.clearCookie(`${PROVIDER_SESSION_COOKIE}.sig`, { path: '/' });
      return reply.header('Cache-Control', 'no-store').redirect(back, 302);
    }
    const endSession = await rp.endSessionUrl(back).catch(() => null);
    return reply.header('Cache-Control', 'no-store').redirect(endSession?.href ?? back, 302);
  };
  app.get(WEB_LOGOUT_PATH, { schema: { querystring: toRouteSchema(logoutQuery) } }, logout);
  app.post(WEB_LOGOUT_PATH, { schema: { querystring: toRouteSchema(logoutQuery) } }, logout);
}
