import type { FulfilledReactPromise, PendingReactPromise, RejectedReactPromise } from 'react';

/**
 * A promise that also says how it settled, in the fields React's `use()` reads (`status`,
 * `value`, `reason`). Once settled, `use()` returns its value (or throws its error) in the same
 * render instead of suspending, so a document or widget chunk that arrived before React asked
 * for it costs no fallback commit and no Suspense reveal delay.
 */
export type TrackedPromise<T> = Promise<T> &
  (PendingReactPromise<T> | FulfilledReactPromise<T> | RejectedReactPromise<T>);

export function track<T>(promise: Promise<T>): TrackedPromise<T> {
  if ('status' in promise) return promise as TrackedPromise<T>;
  const tracked = Object.assign(promise, { status: 'pending' as const });
  // Block bodies: returning `tracked` (a promise) from a handler would chain the promise to itself.
  promise.then(
    (value) => {
      Object.assign(tracked, { status: 'fulfilled' as const, value });
    },
    (reason: unknown) => {
      Object.assign(tracked, { status: 'rejected' as const, reason });
    },
  );
  return tracked as TrackedPromise<T>;
}

/**
 * The loader of a widget's part (decision 0036): loads once, tracked, so `use()` reads it in the
 * same render once it is there; a failed load is tried again on the next call.
 */
export function partLoader<T>(load: () => Promise<T>): () => TrackedPromise<T> {
  let loading: TrackedPromise<T> | undefined;
  return () =>
    (loading ??= track(
      load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      }),
    ));
}
