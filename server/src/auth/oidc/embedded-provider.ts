import { DatabaseUnavailableError, isConnectionError, RETRY_AFTER_SECONDS } from '../../db/errors';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import type { Configuration, JWK, KoaContextWithOIDC } from 'oidc-provider';
import { WEB_LOGIN_PATH } from '../../../../src/spec/constants';
import type { Db } from '../../db/types';
import {
  LOGIN_CALLBACK_PATH,
  OIDC_INTERACTION_PATH,
  OIDC_MOUNT_PATH,
  PROVIDER_INTERACTION_TTL_SECONDS,
  PROVIDER_SESSION_TTL_SECONDS,
} from '../sign-in-constants';
import { dbAdapterFactory } from './db-adapter';
import { messagePage } from './interaction-page';

/**
 * The embedded OpenID provider (oidc-provider, certified): development, tests and declared
 * demos. Its accounts are phones proven by an SMS code (interaction-routes.ts); its storage is
 * the app's database; its keys (cookie keys, client secret) derive from the server secret and its
 * signing key is kept in the database, so every node of a deployment is the same provider.
 */

/** The issuer identifier: a fixed name, reached only inside the process (relying-party.ts). */
export const EMBEDDED_ISSUER = `http://embedded-oidc.localhost${OIDC_MOUNT_PATH}`;
export const EMBEDDED_CLIENT_ID = 'campaign-web';
export const EMBEDDED_ID_TOKEN_ALG = 'ES256';
/** oidc-provider's session cookie (its default name), cleared and ended by logout. */
export const PROVIDER_SESSION_COOKIE = '_session';

const derive = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`oidc.${purpose}`).digest('base64url');

export const embeddedClientSecret = (secret: string) => derive(secret, 'client-secret');

/** The ES256 signing key: made by the first node to start, read by every other. */
async function signingKey(db: Db): Promise<JWK> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'embedded-es256', alg: 'ES256' };
  await db.query(
    `INSERT INTO oidc_store (model, id, payload) VALUES ('SigningKey', 'es256', $1)
     ON CONFLICT (model, id) DO NOTHING`,
    [JSON.stringify(jwk)],
  );
  const res = await db.query<{ payload: JWK | string }>(
    "SELECT payload FROM oidc_store WHERE model = 'SigningKey' AND id = 'es256'",
  );
  const stored = res.rows[0]?.payload;
  if (stored === undefined) throw new Error('no signing key stored');
  return typeof stored === 'string' ? (JSON.parse(stored) as JWK) : stored;
}

/** The first-party client is granted `openid phone` without a consent screen. */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const session = oidc.session;
  const clientId = oidc.client?.clientId;
  if (!session?.accountId || clientId === undefined) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(clientId);
  if (grantId) {
    const found = await oidc.provider.Grant.find(grantId);
    if (found) return found;
  }
  const grant = new oidc.provider.Grant({ clientId, accountId: session.accountId });
  grant.addOIDCScope('openid phone');
  await grant.save();
  return grant;
}

export async function createEmbeddedProvider(db: Db, secret: string): Promise<Provider> {
  const configuration: Configuration = {
    adapter: dbAdapterFactory(db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: embeddedClientSecret(secret),
        // The real check is redirectUriAllowed below (any of our hosts' callback).
        redirect_uris: [`http://localhost${LOGIN_CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: EMBEDDED_ID_TOKEN_ALG,
      },
    ],
    jwks: { keys: [await signingKey(db)] },
    cookies: { keys: [derive(secret, 'cookie-key')] },
    pkce: { required: () => true },
    scopes: ['openid', 'phone'],
    claims: { openid: ['sub'], phone: ['phone_number', 'phone_number_verified'] },
    // The relying party reads the phone from the ID token, so it carries the claims.
    conformIdTokenClaims: false,
    // The account id is the proven phone; the relying party makes the user row from it.
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, phone_number: `+86${sub}`, phone_number_verified: true }),
    }),
    loadExistingGrant,
    interactions: { url: (_ctx, interaction) => `${OIDC_INTERACTION_PATH}/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    // The product's page instead of the provider's own (no details: they are in the log).
    renderError: (ctx, out, error) => {
      // The provider's store is the database: while it is away, say so as every API route does
      // (503 + Retry-After: the client and the balancer retry), never a 500.
      if (error instanceof DatabaseUnavailableError || isConnectionError(error)) {
        ctx.status = 503;
        ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      }
      ctx.type = 'html';
      ctx.body = messagePage(
        out.error === 'invalid_redirect_uri'
          ? '登录地址无效，请重新登录。'
          : '登录出错了，请重新登录。',
        WEB_LOGIN_PATH,
      );
    },
    ttl: {
      Session: PROVIDER_SESSION_TTL_SECONDS,
      Interaction: PROVIDER_INTERACTION_TTL_SECONDS,
      Grant: PROVIDER_SESSION_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 600,
      AccessToken: 600,
    },
  };
  const provider = new Provider(EMBEDDED_ISSUER, configuration);
  // A callback on the same host the browser is on, so one provider serves every host family
  // (spec §4: m. hosts and others) without listing them.
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(value: string) {
    const ctx = Provider.ctx;
    try {
      const url = new URL(value);
      return (
        ctx !== undefined &&
        // Normalised like the callback's origin (a default port dropped).
        url.origin === new URL(`${ctx.protocol}://${ctx.host}`).origin &&
        url.pathname === LOGIN_CALLBACK_PATH &&
        url.search === '' &&
        url.hash === ''
      );
    } catch {
      return false;
    }
  };
  return provider;
}

/**
 * Serves the provider under OIDC_MOUNT_PATH, except the interaction pages (ours). Runs on
 * onRequest, before Fastify reads the body: the provider parses its own.
 */
export function mountProvider(app: FastifyInstance, provider: Provider): void {
  const handle = provider.callback();
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    const inside = url === OIDC_MOUNT_PATH || url.startsWith(`${OIDC_MOUNT_PATH}/`);
    if (!inside || url.startsWith(`${OIDC_INTERACTION_PATH}/`)) {
      done();
      return;
    }
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_MOUNT_PATH.length) || '/';
    void handle(raw, reply.raw);
  });
}

/** Ends the provider's session named by its cookie (logout). */
export async function destroyProviderSession(db: Db, sessionId: string): Promise<void> {
  await db.query("DELETE FROM oidc_store WHERE model = 'Session' AND id = $1", [sessionId]);
}
