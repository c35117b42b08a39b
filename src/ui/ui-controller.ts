/**
 * The UiService implementation: a tiny external store of what the UI kit shows (toasts, dialogs,
 * the loading overlay, the jump-wait indicator, the share guide). Non-React code (http client, deep links) calls
 * `controller.service`; <UiHost controller={...}/> renders the snapshot. Every timer goes through
 * the injected Clock so tests and previews control time.
 */
import type { Clock, DialogOptions, ToastOptions, UiService } from '../services/types';
import { TOAST_DURATION_MS, TOAST_SHORT_DURATION_MS, TOAST_Z_INDEX_BASE } from '../spec/constants';

/** Ours, not the spec's: how long the loading overlay fades before it leaves the DOM. */
export const LOADING_FADE_MS = 300;

export interface ToastEntry {
  id: number;
  options: ToastOptions;
  /** spec §9: stacks from TOAST_Z_INDEX_BASE upward, newest on top. */
  zIndex: number;
}

export interface DialogEntry {
  id: number;
  options: DialogOptions;
}

/** 'closing' is the fade between loading(false) and removal from the DOM. */
export type LoadingState = 'hidden' | 'shown' | 'closing';

export interface UiSnapshot {
  toasts: readonly ToastEntry[];
  /** A queue: only the first is shown; the next opens when it settles. */
  dialogs: readonly DialogEntry[];
  loading: LoadingState;
  jumpWait: boolean;
  /** The messaging app's share guide's text while it is shown (./menu-guide.tsx). */
  menuGuide: string | null;
}

/** UiService plus what only the kit offers; still assignable to UiService. */
export interface UiKitService extends UiService {
  /** Returns a function that closes this toast early (needed for keep-alive toasts). */
  toast(options: ToastOptions | string): () => void;
  /** spec §2: the small 'opening the app…' indicator while a deep link is tried. */
  jumpWait(show: boolean): void;
}

export interface UiController {
  service: UiKitService;
  clock: Clock;
  subscribe(listener: () => void): () => void;
  getSnapshot(): UiSnapshot;
  dismissToast(id: number): void;
  settleDialog(id: number, confirmed: boolean): void;
  closeMenuGuide(): void;
}

/** spec §2, §9: the variant's duration unless the caller overrides it. */
export function toastDuration(options: ToastOptions): number {
  if (options.duration !== undefined) return options.duration;
  return options.variant === 'short' ? TOAST_SHORT_DURATION_MS : TOAST_DURATION_MS;
}

export function createUiController(clock: Clock): UiController {
  let snapshot: UiSnapshot = {
    toasts: [],
    dialogs: [],
    loading: 'hidden',
    jumpWait: false,
    menuGuide: null,
  };
  const listeners = new Set<() => void>();
  const toastTimers = new Map<number, () => void>();
  const dialogResolvers = new Map<number, (confirmed: boolean) => void>();
  let nextId = 1;
  // Offset of the next toast above TOAST_Z_INDEX_BASE; back to 0 whenever the stack empties.
  let zOffset = 0;
  // Callers pair loading(true) with loading(false); concurrent requests keep it up until the last.
  let loadingCount = 0;
  let cancelFade: (() => void) | null = null;

  const update = (patch: Partial<UiSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of [...listeners]) listener();
  };

  const dismissToast = (id: number) => {
    toastTimers.get(id)?.();
    toastTimers.delete(id);
    if (!snapshot.toasts.some((t) => t.id === id)) return;
    const toasts = snapshot.toasts.filter((t) => t.id !== id);
    if (toasts.length === 0) zOffset = 0;
    update({ toasts });
  };

  const settleDialog = (id: number, confirmed: boolean) => {
    const resolve = dialogResolvers.get(id);
    if (!resolve) return;
    dialogResolvers.delete(id);
    update({ dialogs: snapshot.dialogs.filter((d) => d.id !== id) });
    resolve(confirmed);
  };

  const service: UiKitService = {
    toast(input) {
      const options = typeof input === 'string' ? { text: input } : input;
      const id = nextId++;
      const entry: ToastEntry = { id, options, zIndex: TOAST_Z_INDEX_BASE + zOffset++ };
      if (!options.keepAlive) {
        toastTimers.set(
          id,
          clock.setTimeout(() => dismissToast(id), toastDuration(options)),
        );
      }
      update({ toasts: [...snapshot.toasts, entry] });
      return () => dismissToast(id);
    },
    confirm(options) {
      const id = nextId++;
      return new Promise<boolean>((resolve) => {
        dialogResolvers.set(id, resolve);
        update({ dialogs: [...snapshot.dialogs, { id, options }] });
      });
    },
    loading(show) {
      loadingCount = show ? loadingCount + 1 : Math.max(0, loadingCount - 1);
      if (loadingCount > 0) {
        cancelFade?.();
        cancelFade = null;
        if (snapshot.loading !== 'shown') update({ loading: 'shown' });
        return;
      }
      if (snapshot.loading !== 'shown') return;
      update({ loading: 'closing' });
      cancelFade = clock.setTimeout(() => {
        cancelFade = null;
        update({ loading: 'hidden' });
      }, LOADING_FADE_MS);
    },
    jumpWait(show) {
      if (snapshot.jumpWait !== show) update({ jumpWait: show });
    },
    menuGuide(text) {
      update({ menuGuide: text });
    },
  };

  return {
    service,
    clock,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    dismissToast,
    settleDialog,
    closeMenuGuide: () => {
      if (snapshot.menuGuide !== null) update({ menuGuide: null });
    },
  };
}
