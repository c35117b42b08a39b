/**
 * Query parameters of the two deep-link landing pages (spec §2):
 *   /activity/dlink?schema=<target>
 *   /activity/dlink-mipay?schema=<target>&timeout=<ms>&limitApp=<schemes>
 * The spec names timeout and limitApp but not their meaning; ours: timeout is how long (ms) the
 * page waits for the app before showing the button, clamped to a sane range; limitApp is a
 * comma-separated list of app schemes the target must use (e.g. 'mipay'), so the payments page
 * cannot be pointed at another app.
 */
import {
  DEEP_LINK_POLL_COUNT,
  DEEP_LINK_POLL_INTERVAL_MS,
  DLINK_MAX_TIMEOUT_MS,
} from '../spec/constants';

export interface LandingParams {
  schema: string | null;
  /** How long to wait for the page to become hidden before offering the button. */
  timeoutMs: number;
  /** Lower-case schemes the target must use, or null for any allowed scheme. */
  limitSchemes: string[] | null;
}

/** spec §4: the default wait, 50 ms x 40. */
export const DEFAULT_LANDING_TIMEOUT_MS = DEEP_LINK_POLL_INTERVAL_MS * DEEP_LINK_POLL_COUNT;

export function readDlinkParams(query: URLSearchParams): LandingParams {
  return { schema: query.get('schema'), timeoutMs: DEFAULT_LANDING_TIMEOUT_MS, limitSchemes: null };
}

function parseTimeout(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return DEFAULT_LANDING_TIMEOUT_MS;
  const ms = Number(raw);
  return Math.min(Math.max(ms, DEEP_LINK_POLL_INTERVAL_MS), DLINK_MAX_TIMEOUT_MS);
}

function parseLimit(raw: string | null): string[] | null {
  if (raw === null) return null;
  const schemes = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  return schemes.length > 0 ? schemes : null;
}

export function readDlinkMipayParams(query: URLSearchParams): LandingParams {
  return {
    schema: query.get('schema'),
    timeoutMs: parseTimeout(query.get('timeout')),
    limitSchemes: parseLimit(query.get('limitApp')),
  };
}
