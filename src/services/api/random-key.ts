/**
 * A random id for idempotency keys (one per mutation, issue 4). `crypto.randomUUID` exists only
 * in secure contexts: a page served over plain http on a real host name (a test host, an old
 * in-app browser on an http link) has none, and every mutation used to throw before it was sent.
 * `getRandomValues` exists in every context; the last fallback is for runtimes without `crypto`.
 */
export function randomKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  // RFC 9562 version 4, variant 10xx, as randomUUID writes it.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
