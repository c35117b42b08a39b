/**
 * The end of a spin (part of the draw's chunk, decision 0035): `land` decelerates forward onto
 * a slot (or, with null, back to where the wheel started) and resolves when it stands still;
 * with reduced motion it jumps straight to the slot.
 */
import {
  GRID_LAND_LAPS,
  LAND_MIN_TURNS,
  gridStepDelays,
  gridSteps,
  wheelTargetAngle,
} from './spin-math';
import type { Spin } from './use-spinner';

const LAND_EASING = 'cubic-bezier(0.15, 0.55, 0.25, 1)';

/** Resolves after `ms` on the spinner's clock (cancelled with the spinner's timers). */
export function wait(spin: Spin, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    spin.cancels.current.push(spin.clock.setTimeout(resolve, Math.max(0, ms)));
  });
}

export async function land(spin: Spin, slot: number | null): Promise<void> {
  const { mode, count, reducedMotion, clock, maxWaitMs, angle, cell, started, setView, landMs } =
    spin;
  spin.stopTimers();
  if (mode === 'wheel') {
    // Where the wheel is now: the spin is linear, so elapsed time tells the angle.
    const elapsed = Math.min(clock.now() - started.current.at, maxWaitMs);
    const now = reducedMotion ? angle.current : started.current.angle + spin.degPerMs * elapsed;
    const floor = reducedMotion ? now : now + LAND_MIN_TURNS * 360;
    const from = started.current.angle;
    const final =
      slot === null
        ? from + Math.ceil((floor - from) / 360) * 360
        : wheelTargetAngle(floor, slot, count);
    angle.current = final;
    setView({
      angle: final,
      transition: reducedMotion ? 'none' : `transform ${landMs}ms ${LAND_EASING}`,
      activeCell: null,
    });
    if (!reducedMotion) await wait(spin, landMs);
    return;
  }
  if (slot === null || reducedMotion) {
    cell.current = slot ?? -1;
    setView((v) => ({ ...v, activeCell: slot }));
    return;
  }
  if (cell.current < 0) cell.current = 0;
  for (const delay of gridStepDelays(
    gridSteps(cell.current, slot, count, GRID_LAND_LAPS),
    spin.stepMs,
  )) {
    await wait(spin, delay);
    cell.current = (cell.current + 1) % count;
    setView((v) => ({ ...v, activeCell: cell.current }));
  }
}
