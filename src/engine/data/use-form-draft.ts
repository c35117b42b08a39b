/**
 * What a visitor typed into a form, kept in this tab across a failed submit and a reload (issue
 * 19): session storage, gone when the tab closes. One mechanism for every form widget (lead-form,
 * address-form). The caller clears it after a successful submit.
 */
import { useMemo } from 'react';
import { useServices } from '../../services/context';
import type { StorageService } from '../../services/types';
import { useHydrated } from '../prerender/hydration';

/** Without session storage (an old host), local storage with a short life instead. */
export const FORM_DRAFT_FALLBACK_EXPIRY_S = 30 * 60;

export interface FormDraft<T> {
  /** What this tab kept for the form, or null (nothing kept, or not enabled). */
  restored: T | null;
  save(draft: T): void;
  clear(): void;
}

function draftStorage(storage: StorageService) {
  return {
    read: (key: string) => (storage.session ?? storage).get<unknown>(key),
    write: (key: string, value: unknown) =>
      storage.session
        ? storage.session.set(key, value)
        : storage.set(key, value, FORM_DRAFT_FALLBACK_EXPIRY_S),
    clear: (key: string) => (storage.session ?? storage).remove(key),
  };
}

/**
 * The draft of the form under `key` (e.g. `lead-form:<route>:<nodeId>`). `parse` reads what was
 * stored leniently (it is the visitor's tab, but an older build may have written it) and
 * answers null for anything it cannot use. When `enabled` is false nothing is read or written:
 * callers enable it only for a logged-in visitor. The draft is read once the page has hydrated,
 * never while rendering on the server or hydrating: the page prerendered for a logged-in visitor
 * (decision 0026, amended in session 15) has no draft, and hydration must find that markup.
 */
export function useFormDraft<T>(
  key: string,
  options: { enabled: boolean; parse: (raw: unknown) => T | null },
): FormDraft<T> {
  const { storage } = useServices();
  const { enabled, parse } = options;
  const hydrated = useHydrated();
  const readable = enabled && hydrated;
  const restored = useMemo(
    () => (readable ? parse(draftStorage(storage).read(key)) : null),
    // parse is a pure reader; a new function each render must not read storage again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [readable, storage, key],
  );
  return useMemo(
    () => ({
      restored,
      save: (draft: T) => {
        if (enabled) draftStorage(storage).write(key, draft);
      },
      clear: () => draftStorage(storage).clear(key),
    }),
    [restored, enabled, storage, key],
  );
}
