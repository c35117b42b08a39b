export const STEP_STATES = ['done', 'current', 'todo'] as const;
export type StepState = (typeof STEP_STATES)[number];

interface StepInput {
  key?: string | undefined;
  done?: unknown;
  state?: unknown;
}

/** A bound `done`: true, a count above 0, or text other than "", "0" and "false". */
export function isDone(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value > 0;
  if (typeof value === 'string') return !['', '0', 'false'].includes(value.trim());
  return false;
}

const isState = (value: unknown): value is StepState =>
  typeof value === 'string' && (STEP_STATES as readonly string[]).includes(value);

/**
 * The index of the current step from what `current` resolved to: a number, a numeric string
 * (a binding inside text yields text), or a step key. Unknown values give 0, so a missing answer
 * shows the process at its start, never as finished.
 */
export function currentIndex(current: unknown, steps: readonly StepInput[]): number {
  if (typeof current === 'number' && Number.isFinite(current)) return Math.max(0, current);
  if (typeof current === 'string') {
    const trimmed = current.trim();
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const byKey = steps.findIndex((s) => s.key !== undefined && s.key === trimmed);
    if (byKey >= 0) return byKey;
  }
  return 0;
}

/** Each step's state: its own (valid) state first, else its place relative to `current`. */
export function stepStates(steps: readonly StepInput[], current: unknown): StepState[] {
  let at: number;
  if (current !== undefined) at = currentIndex(current, steps);
  else {
    const firstOpen = steps.findIndex((s) => !isDone(s.done));
    at = firstOpen < 0 ? steps.length : firstOpen;
  }
  return steps.map((s, i) => {
    if (isState(s.state)) return s.state;
    if (s.done !== undefined && isDone(s.done)) return 'done';
    if (i < at) return 'done';
    return i === at ? 'current' : 'todo';
  });
}
