/**
 * The preview's environment bar (issue 11): app (browser, Finance, Wallet, WeChat), its version,
 * logged in or not, and the page's date, switched from one browser tab. Loaded by main.tsx on
 * the dev server only, as a chunk of its own; production builds never reference it.
 *
 * Plain DOM in a shadow root, outside React's roots: the page's styles do not reach it, its
 * styles do not reach the page, and it is never part of what hydrates. Switching the app or the
 * date starts the page again (services are built once per load, as on a phone); logging in or
 * out reloads it.
 *
 * It tells the truth about the environment (issue 34): what the page detected (services.env,
 * from the user agent and the bridge), and whether the preview forced it or the browser's own
 * user agent says so; a real WeChat user agent shows as WeChat, not as "Browser". While the
 * preview's API server is not answering, a status line says what the preview waits for.
 */
import { detectEnvironment } from '../../contracts/env/detect';
import type { Environment, HostApp, Services } from '../../services/types';
import { PREVIEW_STATUS_PATH, readPreviewStatus, type PreviewApiStatus } from './api-status';
import {
  normalizePreviewDate,
  overridesFromQuery,
  PREVIEW_APPS,
  type PreviewApp,
  type PreviewOverrides,
} from './overrides';
import { applyOverrides, previewLogin, previewLogout } from './preview-session';

export const PREVIEW_BAR_TAG = 'ce-preview-bar';
const COLLAPSED_KEY = 'ce-preview-bar-collapsed';

const HOST_LABELS: Record<HostApp, string> = {
  browser: 'Browser',
  finance: 'Finance',
  wallet: 'Wallet',
  payments: 'Payments',
  video: 'Video',
  shop: 'Shop',
  wechat: 'WeChat',
  qq: 'QQ',
  weibo: 'Weibo',
};

// In the page's flow (sticky at the top), so it pushes the page down instead of covering its
// first screen; collapsed, it is a small pill in the corner.
const STYLE = `
:host { all: initial; display: block; position: sticky; top: 0; z-index: 2147483000; }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 3px 4px; padding: 3px 4px;
  font: 11px/1.3 system-ui, sans-serif; color: #fff; background: #18181b;
  border-left: 3px solid #f59e0b; }
.bar[hidden], .pill[hidden] { display: none; }
select, input, button { font: inherit; color: #111; background: #fff; border: 1px solid #888;
  border-radius: 3px; padding: 1px 3px; height: 20px; box-sizing: border-box; margin: 0; }
button { cursor: pointer; background: #e5e7eb; }
input.version { width: 4.6em; }
input.date { width: 13em; }
.error { color: #fca5a5; }
.spacer { flex: 1; }
.status { display: block; padding: 3px 6px; font: 12px/1.4 system-ui, sans-serif;
  color: #111; background: #fde68a; border-left: 3px solid #f59e0b; }
.status[hidden] { display: none; }
.sees { color: #d4d4d8; }
.pill { position: fixed; top: 4px; right: 4px; font: 11px/1.3 system-ui, sans-serif;
  color: #fff; background: rgba(24, 24, 27, 0.85); border: 0; border-radius: 10px;
  padding: 2px 8px; height: auto; }
`;

/** What the bar shows of the page's own view (the services the page was built with). */
export type BarServices = Pick<Services, 'env' | 'auth'>;

/** What the page detected, and where from. */
export interface EnvironmentTruth {
  /** The environment the page detected, e.g. `WeChat`, `Finance 8.80.0`. */
  label: string;
  /** `preview`: the bar's choice made it so; `user agent`: the browser's own user agent does. */
  source: 'preview' | 'user agent';
  /** The bar's choice the user agent overrules (WeChat's token wins over a fake bridge), or null. */
  overruled: PreviewApp | null;
}

/**
 * The environment the page actually runs as (`env`, detected from the user agent the page saw
 * and the bridge), compared with what the browser's own user agent alone says: the preview forced
 * it only when the two differ.
 */
export function environmentTruth(
  overrides: PreviewOverrides,
  env: Pick<Environment, 'host' | 'appVersion' | 'inProviderApp'>,
  userAgent: string,
): EnvironmentTruth {
  const own = detectEnvironment(userAgent).host;
  const name = HOST_LABELS[env.host];
  const label = env.inProviderApp && env.appVersion ? `${name} ${env.appVersion}` : name;
  const chosen = overrides.app;
  return {
    label,
    source: chosen !== 'browser' && env.host !== own ? 'preview' : 'user agent',
    overruled: chosen !== 'browser' && chosen !== env.host ? chosen : null,
  };
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(doc.createElement(tag), props);
  node.append(...children);
  return node;
}

/** A one-line summary of what the page sees, for the collapsed bar and for tests. */
export function describeEnvironment(
  overrides: PreviewOverrides,
  env: Pick<Environment, 'host' | 'appVersion' | 'inProviderApp'>,
  loggedIn: boolean,
  userAgent: string,
): string {
  const truth = environmentTruth(overrides, env, userAgent);
  return [
    `${truth.label} (${truth.source})`,
    loggedIn ? 'logged in' : 'logged out',
    overrides.date ? `${overrides.date.replace('T', ' ')} UTC+8` : 'today',
  ].join(' · ');
}

/**
 * Asks the preview what its API server is doing (PREVIEW_STATUS_PATH, scripts/preview.ts) and
 * shows it until the API answers, then reloads the page once (its calls failed meanwhile).
 * `show(null)`: nothing to say (the API answers, or no preview behind this dev server).
 */
export function watchPreviewApi(
  win: Window,
  show: (status: PreviewApiStatus | null) => void,
  pollMs = 2_000,
): () => void {
  let stopped = false;
  let waited = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async () => {
    let status: PreviewApiStatus | null;
    try {
      const response = await win.fetch(PREVIEW_STATUS_PATH, { cache: 'no-store' });
      status = response.ok ? readPreviewStatus(await response.json()) : null;
    } catch {
      status = null; // no preview behind this dev server (or it stopped)
    }
    if (stopped) return;
    if (status && !status.ready) {
      waited = true;
      show(status);
      timer = setTimeout(() => void check(), Math.min(status.retryAfterSeconds * 1000, pollMs));
      return;
    }
    show(null);
    if (status?.ready && waited) win.location.reload();
  };
  void check();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Mounts the bar into `win`'s document; returns a function that removes it. */
export function mountPreviewBar(win: Window, services: BarServices): () => void {
  const doc = win.document;
  const overrides = overridesFromQuery(new URLSearchParams(win.location.search));
  const host = doc.createElement(PREVIEW_BAR_TAG);
  const shadow = host.attachShadow({ mode: 'open' });
  const loggedIn = services.auth.isLoggedIn();
  const apply = (next: Partial<PreviewOverrides>) => applyOverrides(win, { ...overrides, ...next });
  const userAgent = win.navigator?.userAgent ?? '';
  const truth = environmentTruth(overrides, services.env, userAgent);
  // "No override" is whatever the browser's own user agent is (WeChat's, in WeChat).
  const ownHost = HOST_LABELS[detectEnvironment(userAgent).host];
  const optionLabel = (value: PreviewApp) =>
    value === 'browser' ? `User agent (${ownHost})` : HOST_LABELS[value];

  const app = el(
    doc,
    'select',
    { title: 'Which app the page runs in' },
    ...PREVIEW_APPS.map((value) =>
      el(doc, 'option', { value, selected: value === overrides.app }, optionLabel(value)),
    ),
  );
  app.setAttribute('aria-label', 'Preview: app');
  app.addEventListener('change', () => apply({ app: app.value as PreviewApp, appVersion: null }));

  const inApp = overrides.app === 'finance' || overrides.app === 'wallet';
  const version = el(doc, 'input', {
    className: 'version',
    value: overrides.appVersion ?? services.env.appVersion ?? '',
    title: 'App version (Enter applies)',
    hidden: !inApp,
  });
  version.setAttribute('aria-label', 'App version');
  version.setAttribute('inputmode', 'decimal');

  const message = el(doc, 'span', { className: 'error' });
  version.addEventListener('change', () => {
    const value = version.value.trim();
    if (value !== '' && !/^\d+(?:\.\d+){0,3}$/.test(value)) {
      message.textContent = 'version: digits and dots, e.g. 8.73.0';
      return;
    }
    apply({ appVersion: value === '' ? null : value });
  });

  const login = el(doc, 'button', { type: 'button' }, loggedIn ? 'Log out' : 'Log in');
  login.title = loggedIn
    ? `Logged in as user ${services.auth.userId() ?? '?'}: ends the session at the server`
    : `Signs in through the server's page (the code is in the server's log)`;
  login.addEventListener('click', () => {
    login.disabled = true;
    if (loggedIn) previewLogout(win);
    else previewLogin(win);
  });

  const date = el(doc, 'input', {
    type: 'datetime-local',
    className: 'date',
    value: overrides.date ?? '',
    title:
      "The page's date and time, China time (UTC+8): time conditions, countdowns, and the server's decisions for this tab's calls",
  });
  date.setAttribute('aria-label', 'Date');
  date.addEventListener('change', () => {
    const value = date.value === '' ? null : normalizePreviewDate(date.value);
    if (date.value !== '' && value === null) {
      message.textContent = 'date: not a valid date';
      return;
    }
    apply({ date: value });
  });
  const today = el(
    doc,
    'button',
    { type: 'button', title: 'Back to the real date', hidden: !overrides.date },
    'today',
  );
  today.addEventListener('click', () => apply({ date: null }));

  const summary = describeEnvironment(overrides, services.env, loggedIn, userAgent);
  const sees = el(
    doc,
    'span',
    {
      className: 'sees',
      title:
        truth.source === 'preview'
          ? 'The preview makes the page believe this (the user agent alone says otherwise)'
          : "The browser's own user agent makes the page run as this",
    },
    `page sees: ${truth.label} (${truth.source})`,
  );
  if (truth.overruled) {
    message.textContent = `${HOST_LABELS[truth.overruled]} is overruled by the user agent`;
  }
  const status = el(doc, 'div', { className: 'status', hidden: true });
  status.setAttribute('role', 'status');
  const hide = el(doc, 'button', { type: 'button', title: 'Hide the preview bar' }, '×');
  const bar = el(
    doc,
    'div',
    { className: 'bar' },
    app,
    version,
    login,
    date,
    today,
    sees,
    message,
    el(doc, 'span', { className: 'spacer' }),
    hide,
  );
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', `Preview environment: ${summary}`);
  const pill = el(
    doc,
    'button',
    { type: 'button', className: 'pill', title: 'Show the preview bar' },
    `▾ ${summary}`,
  );

  const setCollapsed = (collapsed: boolean) => {
    bar.hidden = collapsed;
    pill.hidden = !collapsed;
    try {
      win.sessionStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '');
    } catch {
      // storage disabled: the bar just does not remember
    }
  };
  hide.addEventListener('click', () => setCollapsed(true));
  pill.addEventListener('click', () => setCollapsed(false));
  const collapsed = (() => {
    try {
      return win.sessionStorage.getItem(COLLAPSED_KEY) === '1';
    } catch {
      return false; // storage disabled: always unfolded
    }
  })();

  shadow.append(el(doc, 'style', {}, STYLE), bar, status, pill);
  setCollapsed(collapsed);
  doc.body.prepend(host);
  const stopWatching = watchPreviewApi(win, (api) => {
    status.hidden = api === null;
    status.textContent = api ? `${api.message} ${api.detail}` : '';
  });
  return () => {
    stopWatching();
    host.remove();
  };
}
