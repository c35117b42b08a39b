/**
 * Local dotted-version comparison for the deep-link gates. src/services/env/version.ts (another
 * engineer's) did not exist when this was written; switch the import there once it lands.
 */

/** Negative when a < b, 0 when equal, positive when a > b. Missing or non-numeric parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  const length = Math.max(pa.length, pb.length);
  for (let i = 0; i < length; i += 1) {
    const x = Number.parseInt(pa[i] ?? '0', 10);
    const y = Number.parseInt(pb[i] ?? '0', 10);
    const diff = (Number.isNaN(x) ? 0 : x) - (Number.isNaN(y) ? 0 : y);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function isAtLeast(version: string | null, minimum: string): boolean {
  return version !== null && compareVersions(version, minimum) >= 0;
}
