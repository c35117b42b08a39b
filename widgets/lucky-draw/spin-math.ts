/**
 * Pure geometry of the draw: where the wheel or the grid highlight must stop so the prize the
 * server returned sits under the pointer. Rotation only ever grows (never spins backwards).
 * Only a draw needs it: it is part of the draw's chunk (./draw-flow.ts, decision 0035).
 */
/** Ours: whole turns the wheel still makes while it decelerates onto the prize. */
export const LAND_MIN_TURNS = 2;
/** Ours: laps the grid highlight still runs before it stops. */
export const GRID_LAND_LAPS = 1;

const mod = (value: number, by: number) => ((value % by) + by) % by;

/**
 * The smallest wheel angle ≥ `floor` that puts slot `slot` (of `count`, clockwise from the top)
 * under a pointer at the top. Slot i's centre sits at i × 360/count degrees on the wheel.
 */
export function wheelTargetAngle(floor: number, slot: number, count: number): number {
  const segment = 360 / count;
  const wanted = mod(-slot * segment, 360);
  let angle = floor - mod(floor, 360) + wanted;
  if (angle < floor) angle += 360;
  return angle;
}

/** The slot under the pointer at this wheel angle (inverse of wheelTargetAngle). */
export function slotAtAngle(angle: number, count: number): number {
  return mod(Math.round(-angle / (360 / count)), count);
}

/** Forward steps from cell `from` to cell `to` of a ring of `count`, after `laps` full laps. */
export function gridSteps(from: number, to: number, count: number, laps: number): number {
  return laps * count + mod(to - from, count);
}

/**
 * Delays of the last grid steps, slowing down towards the prize: the final eight steps grow
 * from one step length (`stepMs`, GRID_STEP_MS) to about four.
 */
export function gridStepDelays(steps: number, stepMs: number): number[] {
  const slowing = Math.min(8, steps);
  return Array.from({ length: steps }, (_, i) => {
    const intoSlowdown = i - (steps - slowing);
    return intoSlowdown < 0
      ? stepMs
      : Math.round(stepMs * (1 + (3 * (intoSlowdown + 1)) / slowing));
  });
}

export interface SlotRef {
  prizeId: string;
}

/**
 * The slot of a draw result: by prize id first (the ids are what the operator configured);
 * the server's `index` only when the slots are the server's own list (same order). Null when
 * nothing matches: the wheel then lands on no prize rather than on a wrong one.
 */
export function slotForResult(
  slots: readonly SlotRef[],
  result: { prizeId: string | null; index: number | null },
  slotsFromServer: boolean,
): number | null {
  if (result.prizeId !== null) {
    const byId = slots.findIndex((s) => s.prizeId === result.prizeId);
    if (byId >= 0) return byId;
  }
  if (
    slotsFromServer &&
    result.prizeId === null &&
    result.index !== null &&
    Number.isInteger(result.index) &&
    result.index >= 0 &&
    result.index < slots.length
  ) {
    return result.index;
  }
  return null;
}
