import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The service token: `v1.<issuedAtSeconds>.<mac>` where mac = base64url(HMAC-SHA256(secret,
 * "v1.<userId>.<issuedAt>")). It binds the userId cookie: a token is valid only next to the
 * user id it was signed for, so editing the userId cookie yields 401 (issue: identity).
 */

function mac(secret: string, userId: string, issuedAt: number): Buffer {
  return createHmac('sha256', secret).update(`v1.${userId}.${issuedAt}`).digest();
}

export function signToken(secret: string, userId: string, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `v1.${issuedAt}.${mac(secret, userId, issuedAt).toString('base64url')}`;
}

/** True when `token` was signed for `userId` with `secret` and is younger than ttlSeconds. */
export function verifyToken(
  secret: string,
  userId: string,
  token: string,
  ttlSeconds: number,
  now = Date.now(),
): boolean {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return false;
  const issuedAt = Number(parts[1]);
  if (!Number.isSafeInteger(issuedAt) || String(issuedAt) !== parts[1]) return false;
  const age = Math.floor(now / 1000) - issuedAt;
  if (age < -60 || age > ttlSeconds) return false;
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const expected = mac(secret, userId, issuedAt);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
