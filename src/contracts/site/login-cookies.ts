/**
 * spec §4: logged in = a user id cookie (USER_ID_COOKIES) plus the service-token cookie of the
 * host family: hosts beginning 'm.' use one token cookie, every other host the other. The web
 * sign-in keeps the token httpOnly (decision 0003), out of the page's reach, and sets a readable
 * marker beside it; a token the apps write themselves stays readable. Either counts.
 */
import {
  SERVICE_TOKEN_COOKIES,
  SERVICE_TOKEN_MARKER_COOKIES,
  USER_ID_COOKIES,
} from '../../spec/constants';

/** What reading a cookie needs: the page's cookie jar, or the cookies of a request. */
export interface CookieReader {
  get(name: string): string | null;
}

export function serviceTokenCookieFor(host: string): string {
  return host.toLowerCase().startsWith('m.')
    ? SERVICE_TOKEN_COOKIES.mHost
    : SERVICE_TOKEN_COOKIES.default;
}

/** The user id from the first user-id cookie that is set, or null. */
export function readUserId(cookies: CookieReader): string | null {
  for (const name of USER_ID_COOKIES) {
    const value = cookies.get(name);
    if (value) return value;
  }
  return null;
}

/** The readable marker the web sign-in sets for the (httpOnly) token of the host family. */
export function serviceTokenMarkerFor(host: string): string {
  return host.toLowerCase().startsWith('m.')
    ? SERVICE_TOKEN_MARKER_COOKIES.mHost
    : SERVICE_TOKEN_MARKER_COOKIES.default;
}

export function hasLoginCookies(cookies: CookieReader, host: string): boolean {
  if (readUserId(cookies) === null) return false;
  return Boolean(
    cookies.get(serviceTokenMarkerFor(host)) || cookies.get(serviceTokenCookieFor(host)),
  );
}
