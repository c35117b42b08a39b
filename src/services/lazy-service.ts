/**
 * Services whose code loads on first use (docs/decisions/0008-first-load-budget.md): the
 * implementation sits behind a dynamic import, so its chunk stays out of every page's first load.
 * The object handed to widgets still implements the service interface; only async methods can be
 * deferred, so sync members (auth.isLoggedIn, bridge.available) stay with the caller.
 */

/** A value produced by an async load that runs at most once at a time. */
export interface LazyValue<T> {
  /** Starts the load on first call; a failed load (a chunk error) is tried again next time. */
  get(): Promise<T>;
  /** The value once loaded, else undefined: lets a caller stay synchronous after the load. */
  peek(): T | undefined;
}

export function lazyValue<T>(load: () => Promise<T>): LazyValue<T> {
  let loaded: { value: T } | undefined;
  let pending: Promise<T> | undefined;
  return {
    get() {
      if (loaded) return Promise.resolve(loaded.value);
      pending ??= load().then(
        (value) => {
          loaded = { value };
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    peek: () => loaded?.value,
  };
}

type AsyncMethod = (...args: never[]) => Promise<unknown>;

/** The names of T's members that are methods returning a promise. */
export type AsyncMethodNames<T> = {
  [K in keyof T]-?: T[K] extends AsyncMethod ? K : never;
}[keyof T];

/**
 * An object with T's async `methods` that load T on the first call, then delegate. Once loaded,
 * a call reaches the implementation synchronously (no extra tick): a call made in a tap handler
 * keeps the browser's user activation (deep links, clipboard) when the chunk is already there.
 */
export function lazyService<T extends object, K extends AsyncMethodNames<T>>(
  source: LazyValue<T> | (() => Promise<T>),
  methods: readonly K[],
): Pick<T, K> {
  const lazy = typeof source === 'function' ? lazyValue(source) : source;
  const invoke = (target: T, name: K, args: unknown[]): Promise<unknown> =>
    (target[name] as (...args: unknown[]) => Promise<unknown>).apply(target, args);
  const entries = methods.map((name) => [
    name,
    (...args: unknown[]) => {
      const ready = lazy.peek();
      return ready
        ? invoke(ready, name, args)
        : lazy.get().then((target) => invoke(target, name, args));
    },
  ]);
  return Object.fromEntries(entries) as Pick<T, K>;
}
