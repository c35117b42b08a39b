/**
 * A route that is one of the deep-link landing pages outside the base path (spec §2:
 * /activity/dlink takes schema; /activity/dlink-mipay takes schema, timeout and limitApp), as a
 * document's `landing` says. The visitor's query goes along untouched and unread: the landing
 * page checks every parameter as it does at its own address (src/landing/landing-params.ts: the allow-listed
 * targets, the timeout bounds, limitApp), so the alias adds no way around those checks. The
 * server answers with a 302 to the same place; the app, on a navigation inside it, loads it.
 */
import { DLINK_LANDING_PATH, DLINK_MIPAY_LANDING_PATH } from '../../spec/constants';

export const LANDING_NAMES = ['dlink', 'dlink-mipay'] as const;
export type LandingName = (typeof LANDING_NAMES)[number];

const LANDING_PATHS: Readonly<Record<LandingName, string>> = {
  dlink: DLINK_LANDING_PATH,
  'dlink-mipay': DLINK_MIPAY_LANDING_PATH,
};

/**
 * The landing page's address with `search` (with or without its "?"): always a path of our own
 * origin, since it starts with the fixed landing path; the query cannot change that.
 */
export function landingLocation(landing: LandingName, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query === '' ? LANDING_PATHS[landing] : `${LANDING_PATHS[landing]}?${query}`;
}
