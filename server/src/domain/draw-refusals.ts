import { ApiError, unauthorized } from '../http/envelope';
import { idempotencyMismatch } from './idempotency';

/**
 * What a draw refuses, and what the API answers for each. The same names and SQLSTATEs are the
 * rows of the `draw_refusals` table (server/migrations/repeatable/draw_once.sql), whose
 * `draw_refuse(name)` raises them; server/test/draw-refusals.test.ts fails when the two lists
 * differ. A refusal rolled back everything the statement wrote (the key row too), so a later
 * call with the same key runs for real.
 */
export const DRAW_REFUSALS = {
  noUser: { sqlstate: 'MPU01', answer: () => unauthorized() },
  keyReused: { sqlstate: 'MPK22', answer: idempotencyMismatch },
  /** domain/draw.ts sends the draw again first: it then replays the request that took the key. */
  keyTaken: {
    sqlstate: 'MPK40',
    answer: () => new ApiError(409, 'a request with this key is in progress; retry it', 'CONFLICT'),
  },
  noChance: {
    sqlstate: 'MPC09',
    answer: () => new ApiError(409, 'no draw chances left', 'NO_CHANCE'),
  },
  noGoldRice: {
    sqlstate: 'MPG09',
    answer: () => new ApiError(409, 'not enough gold rice', 'INSUFFICIENT_GOLD_RICE'),
  },
  soldOut: {
    sqlstate: 'MPS09',
    answer: () => new ApiError(409, 'all prizes are gone', 'SOLD_OUT'),
  },
} as const satisfies Record<string, { sqlstate: string; answer: () => ApiError }>;

export type DrawRefusal = keyof typeof DRAW_REFUSALS;

const BY_SQLSTATE: ReadonlyMap<string, DrawRefusal> = new Map(
  Object.entries(DRAW_REFUSALS).map(([name, { sqlstate }]) => [sqlstate, name as DrawRefusal]),
);

/** The refusal a database error stands for, or undefined for any other error. */
export function drawRefusalOf(error: unknown): DrawRefusal | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? BY_SQLSTATE.get(code) : undefined;
}
