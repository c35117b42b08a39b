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
