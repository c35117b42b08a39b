/**
 * The app's `__vitePreload` (./vite-plugin-preload-helper.ts): starts fetching a dynamic import's
 * dependencies beside it, as modulepreload hints, then imports it. Vite's own helper also loads
 * per-chunk CSS and waits for it, reads a CSP nonce and raises `vite:preloadError`; this app has
 * one stylesheet (cssCodeSplit false), no nonce and no listener, and every page paid ~1 KB for
 * them in the entry (decision 0044). A failed import rejects as it would without the helper.
 */

/** The build's base (vite.config.ts `base`): dependencies are named relative to it. */
declare const __PRELOAD_BASE__: string;

let hinted: Set<string> | undefined;
let rel: string | undefined;

export function __vitePreload<T>(load: () => Promise<T>, deps?: readonly string[]): Promise<T> {
  if (deps?.length) {
    // What the page already hints (the entry's first-screen chunks, the HTML's own) is skipped.
    hinted ??= new Set(Array.from(document.getElementsByTagName('link'), (link) => link.href));
    // Browsers without modulepreload (older WebKit) still fetch early with a plain preload.
    rel ??= document.createElement('link').relList.supports('modulepreload')
      ? 'modulepreload'
      : 'preload';
    for (const dep of deps) {
      const href = new URL(__PRELOAD_BASE__ + dep, document.baseURI).href;
      if (hinted.has(href)) continue;
      hinted.add(href);
      const link = document.createElement('link');
      link.rel = rel;
      link.as = 'script';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  }
  return load();
}
