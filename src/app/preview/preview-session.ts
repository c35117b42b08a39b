/**
 * The preview's browser side (dev builds only, see browser-services.ts): remembering the
 * overrides in this tab, and logging in or out as a test user of the reference server.
 */
import { SERVICE_TOKEN_COOKIES, USER_ID_COOKIES } from '../../spec/constants';
import { createDocumentCookies } from '../../services/browser/cookies';
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

/** The reference server signs in any mainland number; this one is the preview's test user. */
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
 * Signs in through the server's web login form (server/src/auth/login-routes.ts) as the
 * preview's test user: the response sets the login cookies and redirects, which is not
 * followed. Resolves with an error message, or null when signed in.
 */
export async function previewLogin(win: Window, phone = PREVIEW_PHONE): Promise<string | null> {
  const body = new URLSearchParams({ phone, requestUrl: win.location.href });
  try {
    const response = await win.fetch('/mp/api/login', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      redirect: 'manual',
    });
    // A redirect is the success answer; `manual` shows it as an opaque redirect.
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      return null;
    }
    return `login failed (${response.status})`;
  } catch (error) {
    return `login failed: ${(error as Error).message}`;
  }
}

/** Logged out = the login cookies gone (src/services/auth/login-cookies.ts). */
export function previewLogout(win: Window): void {
  const cookies = createDocumentCookies(win.document);
  for (const name of [...USER_ID_COOKIES, ...Object.values(SERVICE_TOKEN_COOKIES)]) {
    cookies.remove(name, { path: '/' });
  }
}
