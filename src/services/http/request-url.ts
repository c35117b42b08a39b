/** URL and body building for the HTTP client (spec §7). Pure functions. */
import { API_BASE_PATH } from '../../spec/constants';

/** A value of a query or form parameter; objects and arrays are sent as JSON text. */
export type ParamValue = unknown;

/** spec §7: cookies whose names end in this are forwarded as parameters on POSTs. */
export const FORWARDED_COOKIE_SUFFIX = '_ph';

/** True for paths under /mp/api/ on the page's own origin: only those get tid and _ph cookies. */
export function isOwnApi(url: URL, pageOrigin: string): boolean {
  return url.origin === pageOrigin && url.pathname.startsWith(API_BASE_PATH);
}

export function paramText(value: ParamValue): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}

/** Appends every non-null parameter to `target` (a URL's search params or a form body). */
export function appendParams(
  target: URLSearchParams | FormData,
  params: Record<string, ParamValue> | undefined,
): void {
  if (!params) return;
  for (const [name, value] of Object.entries(params)) {
    const text = paramText(value);
    if (text !== null) target.append(name, text);
  }
}

/** The `_ph` cookies to forward, skipping any name the request already carries. */
export function forwardedCookies(
  cookies: [string, string][],
  already: (name: string) => boolean,
): [string, string][] {
  return cookies.filter(([name]) => name.endsWith(FORWARDED_COOKIE_SUFFIX) && !already(name));
}

/** Origin and path only, for error reports: the query may carry tokens. */
export function reportableUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}
