import * as client from 'openid-client';

/**
 * Our side of OpenID Connect (authorization code + PKCE, state, nonce) through openid-client.
 * The issuer is the external provider (production) or the embedded one; the embedded provider
 * lives in this process, so its back-channel calls (discovery, token, keys) go through
 * `fetchFn` (Fastify's inject) instead of the network.
 */

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Back-channel transport; default the global fetch. */
  fetchFn?: client.CustomFetch;
  /** The embedded provider speaks plain http inside the process. */
  allowHttp?: boolean;
  /** Algorithm the provider signs ID tokens with (client metadata). */
  idTokenAlg?: string;
}

/** What one sign-in keeps between the redirect out and the callback (in a signed cookie). */
export interface LoginTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** Where to land after sign-in (validated, same origin). */
  returnTo: string;
}

export interface RelyingParty {
  /** A new transaction and the provider's authorization URL for it. */
  start(redirectUri: string, returnTo: string): Promise<{ url: URL; tx: LoginTransaction }>;
  /** Exchanges the callback's code; resolves with the verified phone (mainland, 11 digits). */
  finish(callbackQuery: string, tx: LoginTransaction): Promise<{ phone: string; subject: string }>;
  /** The provider's logout URL (RP-initiated logout), or null when it has none. */
  endSessionUrl(postLogoutRedirectUri: string): Promise<URL | null>;
}

/** The claim `phone_number` (E.164, +86...) as the 11-digit mainland number, or null. */
export function mainlandPhone(claim: unknown): string | null {
  if (typeof claim !== 'string') return null;
  const digits = claim.replace(/[\s-]/g, '').replace(/^\+?86/, '');
  return /^1[3-9]\d{9}$/.test(digits) ? digits : null;
}

export function createRelyingParty(options: RelyingPartyOptions): RelyingParty {
  let configuration: Promise<client.Configuration> | null = null;
  const config = () => {
    configuration ??= client
      .discovery(
        new URL(options.issuer),
        options.clientId,
        { id_token_signed_response_alg: options.idTokenAlg ?? 'RS256' },
        client.ClientSecretBasic(options.clientSecret),
        {
          ...(options.fetchFn ? { [client.customFetch]: options.fetchFn } : {}),
          ...(options.allowHttp ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        configuration = null; // discover again on the next sign-in
        throw error;
      });
    return configuration;
  };

  return {
    async start(redirectUri, returnTo) {
      const tx: LoginTransaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        redirectUri,
        returnTo,
      };
      const url = client.buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri,
        scope: 'openid phone',
        response_type: 'code',
        state: tx.state,
        nonce: tx.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(tx.codeVerifier),
        code_challenge_method: 'S256',
        // The page sends a visitor here when the API answered 401 (spec §8): this server no
        // longer honours their session, so a silent sign-in on the provider's session would
        // bounce them back to the same 401, again and again. Ask who they are.
        prompt: 'login',
      });
      return { url, tx };
    },

    async finish(callbackQuery, tx) {
      const current = new URL(tx.redirectUri);
      current.search = callbackQuery;
      const tokens = await client.authorizationCodeGrant(await config(), current, {
        expectedState: tx.state,
        expectedNonce: tx.nonce,
        pkceCodeVerifier: tx.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      if (claims.phone_number_verified !== true) throw new Error('phone number not verified');
      const phone = mainlandPhone(claims.phone_number);
      if (phone === null) throw new Error('the ID token has no mainland phone_number');
      return { phone, subject: claims.sub };
    },

    async endSessionUrl(postLogoutRedirectUri) {
      const c = await config();
      if (!c.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(c, {
        client_id: options.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
      });
    },
  };
}
