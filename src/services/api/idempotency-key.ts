/**
 * A random UUID for a mutation's idempotency key (issue 4): the browser's own where the page has
 * one (a secure context), else ./random-key.ts, whose fallback code loads only then (plain http
 * on a real host name, an old in-app browser).
 */
export function newIdempotencyKey(): string | Promise<string> {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  return import('./random-key').then(({ randomKey }) => randomKey());
}
