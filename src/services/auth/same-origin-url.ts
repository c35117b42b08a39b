/**
 * The login flow's requestUrl (where to come back after login) must stay on this origin, so
 * the login endpoint can never be used as an open redirect. Pure.
 */

/**
 * `candidate` resolved against the page when it is an http(s) URL of the page's own origin
 * without credentials; otherwise the page itself.
 */
export function sameOriginUrl(candidate: string | null | undefined, pageHref: string): string {
  const page = new URL(pageHref);
  if (!candidate) return page.href;
  // Backslashes and control characters are how parsers are tricked into another host.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(candidate)) return page.href;
  let url: URL;
  try {
    url = new URL(candidate, page);
  } catch {
    return page.href;
  }
  const ok =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.origin === page.origin &&
    url.username === '' &&
    url.password === '';
  return ok ? url.href : page.href;
}
