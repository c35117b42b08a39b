/**
 * The preview's browser side (dev builds only, see browser-services.ts): remembering the
 * overrides in this tab, and logging in or out as a test user of the reference server.
 */
import { WEB_LOGIN_PATH, WEB_LOGOUT_PATH } from '../../spec/constants';
import {
  NO_OVERRIDES,
  PREVIEW_STORAGE_KEY,
  hasOverrideParams,
  overridesFromQuery,
  parseStoredOverrides,
  sameOverrides,
  serializeOverrides,
  withOverrides,
  type PreviewOverrides,
} from './overrides';

/** The preview's test user: the number the scripted previews sign in with (preview-matrix). */
export const PREVIEW_PHONE = '13800138000';

function tabStorage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null; // storage disabled: the overrides then live in the address alone
  }
}

/**
 * Runs before the services are built. Overrides in the address are remembered for this tab; an
 * address without any gets the remembered ones written back into it, so the variant survives
 * what drops the query: a page reached by an in-app link and then reloaded, or the reload that
 * follows an edit of the page.
 */
export function syncOverridesWithTab(win: Window): PreviewOverrides {
  const storage = tabStorage(win);
  const query = new URLSearchParams(win.location.search);
  if (hasOverrideParams(query)) {
    const overrides = overridesFromQuery(query);
    storage?.setItem(PREVIEW_STORAGE_KEY, serializeOverrides(overrides));
    return overrides;
  }
  const stored = parseStoredOverrides(storage?.getItem(PREVIEW_STORAGE_KEY) ?? null);
  if (!stored || sameOverrides(stored, NO_OVERRIDES)) return NO_OVERRIDES;
  win.history.replaceState(win.history.state, '', withOverrides(win.location.href, stored));
  return stored;
}

/** Switches to `overrides`: remembered for the tab, then the page starts again with them. */
export function applyOverrides(win: Window, overrides: PreviewOverrides): void {
  tabStorage(win)?.setItem(PREVIEW_STORAGE_KEY, serializeOverrides(overrides));
  win.location.replace(withOverrides(win.location.href, overrides));
}

/**
 * Signs in through the server's web login (the real flow: the phone, then the code the
 * development SMS sender writes to the server's log), coming back to this page.
 */
export function previewLogin(win: Window): void {
  win.location.assign(`${WEB_LOGIN_PATH}?requestUrl=${encodeURIComponent(win.location.href)}`);
}

/** Logs out at the server (the token cookie is httpOnly), coming back to this page. */
export function previewLogout(win: Window): void {
  win.location.assign(`${WEB_LOGOUT_PATH}?requestUrl=${encodeURIComponent(win.location.href)}`);
}
