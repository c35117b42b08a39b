import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { Clock } from '../../src/services/types';
import { GRID_STEP_MS, SPIN_DEG_PER_MS, spinTiming } from './spin-constants';

export interface SpinView {
  /** Wheel rotation in degrees; only ever grows. */
  angle: number;
  /** CSS transition of the wheel for the current move. */
  transition: string;
  /** Highlighted grid cell (ring index), or null. */
  activeCell: number | null;
}

export interface SpinnerOptions {
  mode: 'wheel' | 'grid';
  count: number;
  reducedMotion: boolean;
  clock: Clock;
  maxWaitMs: number;
  /** The designed spin, tap to result (the widget's `spinMs`, spin-constants.ts). */
  spinMs: number;
}

/** The spinner's moving parts, which the draw's chunk (./spin-land.ts) drives to a stop. */
export interface Spin extends SpinnerOptions {
  angle: RefObject<number>;
  cell: RefObject<number>;
  started: RefObject<{ angle: number; at: number }>;
  cancels: RefObject<(() => void)[]>;
  setView: Dispatch<SetStateAction<SpinView>>;
  stopTimers: () => void;
  /** SPIN_DEG_PER_MS and GRID_STEP_MS, handed over so the draw's chunk imports nothing of ours. */
  degPerMs: number;
  stepMs: number;
  /** The parts of `spinMs` (spinTiming), handed over for the same reason. */
  minSpinMs: number;
  landMs: number;
}

/**
 * The visual side of a draw, driven by the clock service: `start` spins while the request is
 * in flight (for at most `maxWaitMs`); the draw's chunk lands it (./spin-land.ts). `start` is
 * here so the wheel moves on the tap itself, while that chunk may still be loading; `halt`
 * stops it where it started when the chunk could not load. With reduced motion nothing animates.
 */
export function useSpinner(options: SpinnerOptions) {
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

  const halt = useCallback(() => {
    stopTimers();
    if (mode === 'grid') {
      cell.current = -1;
      setView((v) => ({ ...v, activeCell: null }));
      return;
    }
    // The next whole turn from where it started: the wheel looks as it did before the tap.
    const from = started.current.angle;
    const elapsed = Math.min(clock.now() - started.current.at, maxWaitMs);
    const now = reducedMotion ? from : from + SPIN_DEG_PER_MS * elapsed;
    angle.current = from + Math.ceil((now - from) / 360) * 360;
    setView({ angle: angle.current, transition: 'none', activeCell: null });
  }, [clock, maxWaitMs, mode, reducedMotion, stopTimers]);

  const spin: Spin = {
    ...options,
    angle,
    cell,
    started,
    cancels,
    setView,
    stopTimers,
    degPerMs: SPIN_DEG_PER_MS,
    stepMs: GRID_STEP_MS,
    ...spinTiming(options.spinMs),
  };
  return { view, start, halt, spin };
}
