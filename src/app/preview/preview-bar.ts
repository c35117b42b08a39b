/**
 * The preview's environment bar (issue 11): app (browser, Finance, Wallet, WeChat), its version,
 * logged in or not, and the page's date, switched from one browser tab. Loaded by main.tsx on
 * the dev server only, as a chunk of its own; production builds never reference it.
 *
 * Plain DOM in a shadow root, outside React's roots: the page's styles do not reach it, its
 * styles do not reach the page, and it is never part of what hydrates. Switching the app or the
 * date starts the page again (services are built once per load, as on a phone); logging in or
 * out reloads it.
 */
import type { Services } from '../../services/types';
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

const APP_LABELS: Record<PreviewApp, string> = {
  browser: 'Browser',
  finance: 'Finance',
  wallet: 'Wallet',
  wechat: 'WeChat',
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
.pill { position: fixed; top: 4px; right: 4px; font: 11px/1.3 system-ui, sans-serif;
  color: #fff; background: rgba(24, 24, 27, 0.85); border: 0; border-radius: 10px;
  padding: 2px 8px; height: auto; }
`;

/** What the bar shows of the page's own view (the services the page was built with). */
export type BarServices = Pick<Services, 'env' | 'auth'>;

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
  env: Pick<Services['env'], 'appVersion'>,
  loggedIn: boolean,
): string {
  const app = APP_LABELS[overrides.app];
  const version = overrides.app === 'finance' || overrides.app === 'wallet' ? env.appVersion : null;
  return [
    version ? `${app} ${version}` : app,
    loggedIn ? 'logged in' : 'logged out',
    overrides.date ? overrides.date.replace('T', ' ') : 'today',
  ].join(' · ');
}

/** Mounts the bar into `win`'s document; returns a function that removes it. */
export function mountPreviewBar(win: Window, services: BarServices): () => void {
  const doc = win.document;
  const overrides = overridesFromQuery(new URLSearchParams(win.location.search));
  const host = doc.createElement(PREVIEW_BAR_TAG);
  const shadow = host.attachShadow({ mode: 'open' });
  const loggedIn = services.auth.isLoggedIn();
  const apply = (next: Partial<PreviewOverrides>) => applyOverrides(win, { ...overrides, ...next });

  const app = el(
    doc,
    'select',
    { title: 'Which app the page runs in' },
    ...PREVIEW_APPS.map((value) =>
      el(doc, 'option', { value, selected: value === overrides.app }, APP_LABELS[value]),
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
    title: "The page's date and time (time conditions, countdowns)",
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

  const summary = describeEnvironment(overrides, services.env, loggedIn);
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

  shadow.append(el(doc, 'style', {}, STYLE), bar, pill);
  setCollapsed(collapsed);
  doc.body.prepend(host);
  return () => host.remove();
}
