import { useCallback, useEffect, useRef, useState } from 'react';
import type { Clock } from '../../src/services/types';
import {
  GRID_LAND_LAPS,
  GRID_STEP_MS,
  LAND_MIN_TURNS,
  LAND_MS,
  SPIN_DEG_PER_MS,
  gridStepDelays,
  gridSteps,
  wheelTargetAngle,
} from './spin-math';

export interface SpinView {
  /** Wheel rotation in degrees; only ever grows. */
  angle: number;
  /** CSS transition of the wheel for the current move. */
  transition: string;
  /** Highlighted grid cell (ring index), or null. */
  activeCell: number | null;
}

const LAND_EASING = 'cubic-bezier(0.15, 0.55, 0.25, 1)';

/**
 * The visual side of a draw, driven by the clock service: `start` spins while the request is
 * in flight (for at most `maxWaitMs`), `land` decelerates forward onto a slot (or, with null,
 * back to where the wheel started) and resolves when it stands still. With reduced motion
 * nothing animates: `land` jumps straight to the slot.
 */
export function useSpinner(options: {
  mode: 'wheel' | 'grid';
  count: number;
  reducedMotion: boolean;
  clock: Clock;
  maxWaitMs: number;
}) {
  const { mode, count, reducedMotion, clock, maxWaitMs } = options;
  const [view, setView] = useState<SpinView>({ angle: 0, transition: 'none', activeCell: null });
  const angle = useRef(0);
  const cell = useRef(-1);
  const started = useRef({ angle: 0, at: 0 });
  const cancels = useRef<(() => void)[]>([]);

  const stopTimers = useCallback(() => {
    for (const cancel of cancels.current) cancel();
    cancels.current = [];
  }, []);
  useEffect(() => stopTimers, [stopTimers]);

  const wait = useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        cancels.current.push(clock.setTimeout(resolve, Math.max(0, ms)));
      }),
    [clock],
  );

  const start = useCallback(() => {
    started.current = { angle: angle.current, at: clock.now() };
    if (reducedMotion) return;
    if (mode === 'wheel') {
      setView({
        angle: angle.current + SPIN_DEG_PER_MS * maxWaitMs,
        transition: `transform ${maxWaitMs}ms linear`,
        activeCell: null,
      });
      return;
    }
    cancels.current.push(
      clock.setInterval(() => {
        cell.current = (cell.current + 1) % count;
        setView((v) => ({ ...v, activeCell: cell.current }));
      }, GRID_STEP_MS),
    );
  }, [clock, count, maxWaitMs, mode, reducedMotion]);

  const land = useCallback(
    async (slot: number | null) => {
      stopTimers();
      if (mode === 'wheel') {
        // Where the wheel is now: the spin is linear, so elapsed time tells the angle.
        const elapsed = Math.min(clock.now() - started.current.at, maxWaitMs);
        const now = reducedMotion
          ? angle.current
          : started.current.angle + SPIN_DEG_PER_MS * elapsed;
        const floor = reducedMotion ? now : now + LAND_MIN_TURNS * 360;
        const from = started.current.angle;
        const final =
          slot === null
            ? from + Math.ceil((floor - from) / 360) * 360
            : wheelTargetAngle(floor, slot, count);
        angle.current = final;
        setView({
          angle: final,
          transition: reducedMotion ? 'none' : `transform ${LAND_MS}ms ${LAND_EASING}`,
          activeCell: null,
        });
        if (!reducedMotion) await wait(LAND_MS);
        return;
      }
      if (slot === null || reducedMotion) {
        cell.current = slot ?? -1;
        setView((v) => ({ ...v, activeCell: slot }));
        return;
      }
      if (cell.current < 0) cell.current = 0;
      for (const delay of gridStepDelays(gridSteps(cell.current, slot, count, GRID_LAND_LAPS))) {
        await wait(delay);
        cell.current = (cell.current + 1) % count;
        setView((v) => ({ ...v, activeCell: cell.current }));
      }
    },
    [clock, count, maxWaitMs, mode, reducedMotion, stopTimers, wait],
  );

  return { view, start, land, wait };
}
