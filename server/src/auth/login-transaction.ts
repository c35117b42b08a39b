import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LoginTransaction } from './oidc/relying-party';

/**
 * The relying party's transaction (state, nonce, PKCE verifier, where to return) travels in one
 * httpOnly cookie, HMAC-signed with the server secret, so any node can finish the sign-in.
 */
export const LOGIN_TRANSACTION_COOKIE = 'oidcTx';

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`oidc-tx.${body}`).digest('base64url');

export function sealTransaction(secret: string, tx: LoginTransaction, now: number): string {
  const body = Buffer.from(JSON.stringify({ ...tx, at: now })).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The transaction in `value` when its signature holds and it is younger than ttlSeconds. */
export function openTransaction(
  secret: string,
  value: string | undefined,
  ttlSeconds: number,
  now: number,
): LoginTransaction | null {
  if (!value) return null;
  const [body, given] = value.split('.');
  if (!body || !given) return null;
  const expected = Buffer.from(mac(secret, body));
  const got = Buffer.from(given);
  if (expected.length !== got.length || !timingSafeEqual(expected, got)) return null;
  try {
    const parsed = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as LoginTransaction & {
      at: number;
    };
    if (typeof parsed.at !== 'number' || now - parsed.at > ttlSeconds * 1000) return null;
    const { at: _at, ...tx } = parsed;
    return tx;
  } catch {
    return null;
  }
}
