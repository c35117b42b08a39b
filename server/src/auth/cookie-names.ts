import {
  SERVICE_TOKEN_COOKIES,
  SERVICE_TOKEN_MARKER_COOKIES,
  USER_ID_COOKIES,
} from '../../../src/spec/constants';

/** spec §4: hosts beginning 'm.' use one service-token cookie, every other host the other. */
export function serviceTokenCookieName(hostname: string): string {
  return hostname.startsWith('m.') ? SERVICE_TOKEN_COOKIES.mHost : SERVICE_TOKEN_COOKIES.default;
}

/** The page-readable marker that stands for the (httpOnly) service token (decision 0003). */
export function serviceTokenMarkerName(hostname: string): string {
  return hostname.startsWith('m.')
    ? SERVICE_TOKEN_MARKER_COOKIES.mHost
    : SERVICE_TOKEN_MARKER_COOKIES.default;
}

/** The cookie the login sets; the client accepts either USER_ID_COOKIES name (spec §4). */
export const USER_ID_COOKIE = USER_ID_COOKIES[0];
export { USER_ID_COOKIES };
