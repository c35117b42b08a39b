/** Helpers for the campaign widgets' component tests (not shipped: only *.test.tsx import it). */
import type { ApiEnvelope } from '../../src/services/types';

/** An API failure as the real client raises it (ApiError carries code and msg). */
export function apiFailure(code: number, msg: string): Error {
  return Object.assign(new Error(msg), { code, msg, status: 200 });
}

/** A promise the test resolves by hand, to hold a request in flight. */
export function deferred<T = ApiEnvelope>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export const ok = (result: unknown): ApiEnvelope => ({ code: 0, result });
