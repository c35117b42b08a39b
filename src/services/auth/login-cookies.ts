/**
 * spec §4: logged in = a user id cookie (USER_ID_COOKIES) plus the service-token cookie of the
 * host family: hosts beginning 'm.' use one token cookie, every other host the other.
 */
import { SERVICE_TOKEN_COOKIES, USER_ID_COOKIES } from '../../spec/constants';
import type { CookieJar } from '../browser/cookies';

export function serviceTokenCookieFor(host: string): string {
  return host.toLowerCase().startsWith('m.')
    ? SERVICE_TOKEN_COOKIES.mHost
    : SERVICE_TOKEN_COOKIES.default;
}

/** The user id from the first user-id cookie that is set, or null. */
export function readUserId(cookies: Pick<CookieJar, 'get'>): string | null {
  for (const name of USER_ID_COOKIES) {
    const value = cookies.get(name);
    if (value) return value;
  }
  return null;
}

export function hasLoginCookies(cookies: Pick<CookieJar, 'get'>, host: string): boolean {
  return readUserId(cookies) !== null && Boolean(cookies.get(serviceTokenCookieFor(host)));
}
