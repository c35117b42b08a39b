/**
 * The pages an `iframe-embed` may show (the /iframeMobilepay embed, spec §2) and the only web
 * origins the server's CSP frame-src admits (server/src/static/security-headers.ts): one list, so
 * the validator, the widget at run time and the browser agree. The spec names no host; these are
 * OURS, the payments app's web cashier on the provider's hosts (like allow-list.ts). Exact
 * origins, https only: no suffix rules, no paths of our own (a same-origin frame with scripts
 * could lift its own sandbox).
 */
export const EMBED_ORIGINS: readonly string[] = ['https://m.mipay.com', 'https://pay.mi.com'];

/**
 * The address to put in the frame, re-serialised by URL, or null when `value` is not an https
 * address on EMBED_ORIGINS (credentials, other ports, http, relative paths, other schemes).
 */
export function embeddableUrl(value: unknown): string | null {
  if (typeof value !== 'string' || /[\s\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return EMBED_ORIGINS.includes(url.origin) ? url.href : null;
}
