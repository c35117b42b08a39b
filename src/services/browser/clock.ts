import type { Clock } from '../types';

/** Ours: how long `whenIdle` waits at most for an idle moment after the load event. */
export const IDLE_TIMEOUT_MS = 2_000;

/** The timer functions the clock needs; `window` satisfies it, and so does `globalThis` in Node. */
export interface TimerHost {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: never): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: never): void;
  /** Absent in Node and in old WebKit: `whenIdle` then waits for a zero timeout. */
  requestIdleCallback?(fn: () => void, options: { timeout: number }): unknown;
  cancelIdleCallback?(id: never): void;
  /** Absent in Node: `whenIdle` then does not wait for a load event. */
  document?: { readyState: string };
  addEventListener?(
    type: string,
    fn: (event?: IntentEvent) => void,
    options: AddEventListenerOptions,
  ): void;
  removeEventListener?(
    type: string,
    fn: (event?: IntentEvent) => void,
    options?: EventListenerOptions,
  ): void;
}

/** What counts as the visitor starting to act (whenIntent). */
export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Focus landing here is not the visitor acting: a modal dialog takes the focus itself when it
 * opens (the UI kit's focus trap), and a visitor who reaches into one touches or presses a key
 * first, which counts already. Without this a dialog opened on load (`onLoad: openDialog`)
 * counted as intent and loaded every widget below the first screen (issue 10).
 */
export const NOT_INTENT_FOCUS = '[aria-modal="true"]';

/** The part of an event whenIntent reads. */
interface IntentEvent {
  type?: string;
  target?: unknown;
}

function isPageMovedFocus(event: IntentEvent | undefined): boolean {
  if (event?.type !== 'focusin') return false;
  const target = event.target as { closest?: (selector: string) => unknown } | null | undefined;
  return typeof target?.closest === 'function' && target.closest(NOT_INTENT_FOCUS) != null;
}

/** The real Clock over the host's timers (spec services: widgets never call timers directly). */
export function createBrowserClock(
  host: TimerHost = globalThis as unknown as TimerHost,
  now: () => number = () => Date.now(),
): Clock {
  const setTimeout: Clock['setTimeout'] = (fn, ms) => {
    const id = host.setTimeout(fn, ms);
    return () => host.clearTimeout(id as never);
  };
  const idle = (fn: () => void): (() => void) => {
    if (typeof host.requestIdleCallback !== 'function') return setTimeout(fn, 0);
    const id = host.requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
    return () => host.cancelIdleCallback?.(id as never);
  };
  return {
    now,
    setTimeout,
    setInterval(fn, ms) {
      const id = host.setInterval(fn, ms);
      return () => host.clearInterval(id as never);
    },
    whenIdle(fn) {
      if (!host.document || host.document.readyState === 'complete' || !host.addEventListener) {
        return idle(fn);
      }
      let cancel: (() => void) | undefined;
      const onLoad = () => void (cancel = idle(fn));
      host.addEventListener('load', onLoad, { once: true });
      return () => {
        host.removeEventListener?.('load', onLoad);
        cancel?.();
      };
    },
    whenIntent(fn) {
      const { addEventListener: add, removeEventListener: remove } = host;
      // Nothing to listen to (Node): nobody will act, so there is nothing to prepare for.
      if (!add || !remove) return () => undefined;
      const stop = () => {
        for (const type of INTENT_EVENTS) remove.call(host, type, onIntent, { capture: true });
      };
      const onIntent = (event?: IntentEvent) => {
        if (isPageMovedFocus(event)) return;
        stop();
        fn();
      };
      for (const type of INTENT_EVENTS) {
        add.call(host, type, onIntent, { capture: true, passive: true });
      }
      return stop;
    },
  };
}
