/**
 * Dotted version comparison for app versions ('8.73.1'). Non-numeric suffixes are ignored
 * ('14.38.0-gn' is 14.38.0); missing segments count as 0 ('8.73' equals '8.73.0').
 */

function segments(version: string): number[] {
  const core = /^\s*v?(\d+(?:\.\d+)*)/i.exec(version)?.[1];
  return core ? core.split('.').map(Number) : [];
}

/** Negative when a < b, 0 when equal, positive when a > b. Unparsable versions sort lowest. */
export function compareVersions(a: string, b: string): number {
  const left = segments(a);
  const right = segments(b);
  if (left.length === 0 || right.length === 0) return left.length - right.length;
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i += 1) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** True when `version` is `minimum` or later; an absent or unparsable version never meets it. */
export function meetsVersion(version: string | null | undefined, minimum: string): boolean {
  if (!version || segments(version).length === 0) return false;
  return compareVersions(version, minimum) >= 0;
}
