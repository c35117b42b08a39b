/**
 * Times written without an offset are China time (UTC+8). The spec names no time zone; the
 * campaigns run on Beijing time (CAMPAIGN_TIME_ZONE, issue 4), the activity windows are written
 * with `+08:00` (server/activities/*.json, src/contracts/activity-schema.ts), and the validator
 * reads a window time without offset as China time (src/build/activity-checks.ts). Asia/Shanghai
 * has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact.
 *
 * Pure: the preview's date (src/app/preview/overrides.ts) and the preview clock of the reference
 * server (server/src/http/preview-clock.ts) both read times through here.
 */

/** Minutes east of UTC of CAMPAIGN_TIME_ZONE (Asia/Shanghai). */
export const CAMPAIGN_UTC_OFFSET_MINUTES = 8 * 60;

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:\d{2})?$/;

export interface CampaignTime {
  /** The instant, in ms since the epoch. */
  ms: number;
  /** Whether the text named its offset (Z or ±HH:mm); false: read as China time. */
  hasOffset: boolean;
}

/** Minutes east of UTC that `Z`/`±HH:mm` names, or null when it is not a real offset. */
function offsetMinutes(text: string): number | null {
  if (text === 'Z') return 0;
  const hours = Number(text.slice(1, 3));
  const minutes = Number(text.slice(4, 6));
  if (hours > 14 || minutes > 59) return null;
  return (text.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * Reads `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, `…:ss`, `…:ss.sss`, each with an optional `Z` or
 * `±HH:mm`; without one, China time. A bare date is its midnight. An impossible date or time
 * (2026-02-30, 24:00) is null, never rolled over into the next month.
 */
export function parseCampaignTime(text: string): CampaignTime | null {
  const match = ISO_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = match;
  const offset = zone === undefined ? CAMPAIGN_UTC_OFFSET_MINUTES : offsetMinutes(zone);
  if (offset === null) return null;
  const fields = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [year, month, day, hour, minute, second] = fields;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, Number(frac.padEnd(3, '0')));
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    return null;
  }
  return { ms: wall - offset * 60_000, hasOffset: zone !== undefined };
}

/** `YYYY-MM-DDTHH:mm` of `ms` in China time (what a datetime-local field shows). */
export function formatCampaignMinute(ms: number): string {
  return new Date(ms + CAMPAIGN_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16);
}
