/** "Did you mean" for unknown API names (validator messages, run-time reports). Pure. */

/** Levenshtein distance, case-insensitive. */
export function editDistance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  let previous = Array.from({ length: right.length + 1 }, (_, i) => i);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/**
 * The closest known name, or null when nothing is close. A bare call name ('luckDraw') is also
 * matched against the call part of each name, so a missing module is suggested.
 */
export function closestName(name: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const call = candidate.slice(candidate.indexOf('.') + 1);
    const distance = Math.min(editDistance(name, candidate), editDistance(name, call));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // Allow roughly one typo per four characters, at least two.
  const limit = Math.max(2, Math.floor(name.length / 4));
  return bestDistance <= limit ? best : null;
}
