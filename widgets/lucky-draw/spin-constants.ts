/**
 * What the first screen and the start of a spin need (the rest of the draw's geometry is in
 * ./spin-math.ts, part of the draw's own chunk, decision 0035).
 */

/** A nine-square grid has eight prize cells around the draw button. */
export const GRID_SLOT_COUNT = 8;
/** Ours: wheel speed while waiting, degrees per millisecond (two turns a second). */
export const SPIN_DEG_PER_MS = 0.72;
/** Ours: grid highlight step while waiting. */
export const GRID_STEP_MS = 90;

/**
 * Ours: the designed spin, tap to result when the answer is quick (issue 33): at least
 * MIN_SPIN_MS of spinning, so a fast answer still reads as a draw, then LAND_MS of deceleration
 * onto the prize. An operator may shorten it (the `spinMs` prop, SPIN_MS_RANGE); both parts
 * shrink in proportion. With reduced motion there is no spin at all.
 */
export const MIN_SPIN_MS = 2_000;
export const LAND_MS = 2_500;
export const DEFAULT_SPIN_MS = MIN_SPIN_MS + LAND_MS;
export const SPIN_MS_RANGE = { min: 1_000, max: DEFAULT_SPIN_MS } as const;

/** The two parts of a spin of `spinMs` (in SPIN_MS_RANGE). */
export function spinTiming(spinMs: number): { minSpinMs: number; landMs: number } {
  const minSpinMs = Math.round((spinMs * MIN_SPIN_MS) / DEFAULT_SPIN_MS);
  return { minSpinMs, landMs: spinMs - minSpinMs };
}

/** Ring order of the nine-square grid: the eight outer cells clockwise from the top-left. */
export const GRID_CELLS: readonly { row: number; col: number }[] = [
  { row: 1, col: 1 },
  { row: 1, col: 2 },
  { row: 1, col: 3 },
  { row: 2, col: 3 },
  { row: 3, col: 3 },
  { row: 3, col: 2 },
  { row: 3, col: 1 },
  { row: 2, col: 1 },
];
