/**
 * spec §4: inside a third-party marketing embed, login goes through the host page.
 *
 * Our protocol (documented for embedding partners), checked in this order:
 * 1. Global hook: the host defines `window.MpEmbedHost = { login(requestUrl) }` returning (a
 *    promise of) true when the user logged in. Used when the page runs in the host's web view.
 * 2. postMessage: the page runs in an iframe whose URL has `embedOrigin=<host origin>`. The page
 *    posts `{ type: 'mp-embed:login', requestUrl }` to the parent at exactly that origin and
 *    waits for `{ type: 'mp-embed:login-result', ok: boolean }` from that origin. No answer within
 *    EMBED_LOGIN_TIMEOUT_MS counts as not logged in, so the login lock is always released.
 */
import type { Clock } from '../types';

export interface EmbedHostLogin {
  login(requestUrl: string): Promise<boolean>;
}

export interface EmbedHookGlobal {
  MpEmbedHost?: { login(requestUrl: string): boolean | Promise<boolean> };
}

/** Ours: how long the host may take to answer a login request (the user is typing). */
export const EMBED_LOGIN_TIMEOUT_MS = 5 * 60 * 1000;
export const EMBED_LOGIN_REQUEST = 'mp-embed:login';
export const EMBED_LOGIN_RESULT = 'mp-embed:login-result';

export interface EmbedWindow extends EmbedHookGlobal {
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

function httpsOrigin(text: string | null): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The embed host's login for this page, or null when the page is not embedded. */
export function createEmbedHostLogin(
  win: EmbedWindow,
  query: URLSearchParams,
  clock: Pick<Clock, 'setTimeout'>,
): EmbedHostLogin | null {
  const hook = win.MpEmbedHost;
  if (hook && typeof hook.login === 'function') {
    return { login: async (requestUrl) => (await hook.login(requestUrl)) === true };
  }
  const origin = httpsOrigin(query.get('embedOrigin'));
  const parent = win.parent;
  if (!origin || !parent || parent === (win as unknown)) return null;
  return {
    login: (requestUrl) =>
      new Promise<boolean>((resolve) => {
        const finish = (ok: boolean) => {
          win.removeEventListener('message', onMessage);
          cancel();
          resolve(ok);
        };
        const onMessage = (event: MessageEvent) => {
          const data: unknown = event.data;
          if (event.origin !== origin || typeof data !== 'object' || data === null) return;
          if (!('type' in data) || data.type !== EMBED_LOGIN_RESULT) return;
          finish('ok' in data && data.ok === true);
        };
        win.addEventListener('message', onMessage);
        const cancel = clock.setTimeout(() => finish(false), EMBED_LOGIN_TIMEOUT_MS);
        parent.postMessage({ type: EMBED_LOGIN_REQUEST, requestUrl }, origin);
      }),
  };
}
