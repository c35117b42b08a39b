/**
 * Pure motion rules (no DOM): a shake is `jolts` accelerations above `threshold` within a second;
 * a raise is the front-to-back tilt going from lying flat (below FLAT_BETA) to `raiseAngle`.
 */
export const SHAKE_WINDOW_MS = 1000;
export const FLAT_BETA = 30;
const GRAVITY = 9.81;

export interface Vector {
  x: number | null;
  y: number | null;
  z: number | null;
}

const length = (v: Vector) => Math.hypot(v.x ?? 0, v.y ?? 0, v.z ?? 0);

/** Acceleration without gravity: the sensor's own when it gives one, else |with gravity| - g. */
export function joltOf(acceleration: Vector | null, withGravity: Vector | null): number {
  if (acceleration && (acceleration.x ?? acceleration.y ?? acceleration.z) !== null)
    return length(acceleration);
  if (withGravity) return Math.abs(length(withGravity) - GRAVITY);
  return 0;
}

export function createShakeDetector(options: { threshold: number; jolts: number }) {
  let times: number[] = [];
  return {
    /** Feeds one reading; true when it completes a shake (the count starts again). */
    push(jolt: number, at: number): boolean {
      if (jolt < options.threshold) return false;
      times = [...times.filter((t) => at - t < SHAKE_WINDOW_MS), at];
      if (times.length < options.jolts) return false;
      times = [];
      return true;
    },
    reset() {
      times = [];
    },
  };
}

export function createRaiseDetector(options: { raiseAngle: number }) {
  let armed = false;
  return {
    /** Feeds one tilt (beta, degrees); true when the phone was raised from flat. */
    push(beta: number | null): boolean {
      if (beta === null) return false;
      const tilt = Math.abs(beta);
      if (tilt < FLAT_BETA) armed = true;
      else if (armed && tilt >= options.raiseAngle) {
        armed = false;
        return true;
      }
      return false;
    },
    reset() {
      armed = false;
    },
  };
}
