import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectEnvironment } from '../../contracts/env/detect';
import { PLAIN_MOBILE_BROWSER } from '../../contracts/env/plain-browser';
import type { Environment, Services } from '../../services/types';
import { PREVIEW_STARTING_MESSAGE, PREVIEW_STATUS_PATH } from './api-status';
import {
  describeEnvironment,
  environmentTruth,
  mountPreviewBar,
  PREVIEW_BAR_TAG,
  watchPreviewApi,
  type BarServices,
} from './preview-bar';
import {
  NO_OVERRIDES,
  overridesFromQuery,
  PREVIEW_STORAGE_KEY,
  previewUserAgent,
} from './overrides';

const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** The parts of a window the bar uses, on jsdom's document, with navigation recorded. */
function fakeWindow(search: string, fetch: Window['fetch'] = vi.fn(), userAgent = PIXEL) {
  const href = `http://localhost:5173/mp/activity/luckDraw${search}`;
  const location = { href, search, replace: vi.fn(), reload: vi.fn(), assign: vi.fn() };
  const win = {
    document,
    location,
    sessionStorage: window.sessionStorage,
    fetch,
    navigator: { userAgent },
  };
  return { win: win as unknown as Window, location };
}

function services(
  loggedIn: boolean,
  appVersion: string | null = null,
  env: Environment = { ...PLAIN_MOBILE_BROWSER, appVersion },
): BarServices {
  return {
    env,
    auth: {
      isLoggedIn: () => loggedIn,
      userId: () => (loggedIn ? '42' : null),
    } as Services['auth'],
  };
}

const shadow = () => document.querySelector(PREVIEW_BAR_TAG)?.shadowRoot ?? null;
const button = (name: string) =>
  [...(shadow()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);

afterEach(() => {
  document.querySelector(PREVIEW_BAR_TAG)?.remove();
  window.sessionStorage.clear();
  for (const name of ['userId', 'serviceToken']) document.cookie = `${name}=; path=/; max-age=0`;
});

describe('the preview bar', () => {
  it('shows the variant the page started with', () => {
    const { win } = fakeWindow('?fakeBridge=finance&fakeDate=2026-03-01T10:00');
    const env = detectEnvironment(PIXEL, { app: 'finance', appVersion: '8.80.0' });
    mountPreviewBar(win, services(true, '8.80.0', env));
    const select = shadow()?.querySelector('select');
    expect(select?.value).toBe('finance');
    expect(shadow()?.querySelector<HTMLInputElement>('input.version')?.value).toBe('8.80.0');
    expect(shadow()?.querySelector<HTMLInputElement>('input.date')?.value).toBe('2026-03-01T10:00');
    expect(button('Log out')).toBeDefined();
    expect(shadow()?.querySelector('[role=toolbar]')?.getAttribute('aria-label')).toBe(
      'Preview environment: Finance 8.80.0 (preview) · logged in · 2026-03-01 10:00 UTC+8',
    );
  });

  it('switching the app starts the page again in that app, remembered for the tab', () => {
    const { win, location } = fakeWindow('?from=push');
    mountPreviewBar(win, services(false));
    const select = shadow()!.querySelector('select')!;
    select.value = 'wechat';
    select.dispatchEvent(new Event('change'));
    expect(location.replace).toHaveBeenCalledWith(
      'http://localhost:5173/mp/activity/luckDraw?from=push&fakeHost=wechat',
    );
    expect(JSON.parse(window.sessionStorage.getItem(PREVIEW_STORAGE_KEY) ?? '{}')).toEqual({
      ...NO_OVERRIDES,
      app: 'wechat',
    });
  });

  it('refuses a version that is not one, and applies one that is', () => {
    const { win, location } = fakeWindow('?fakeBridge=wallet');
    mountPreviewBar(win, services(false, '6.80.0'));
    const version = shadow()!.querySelector<HTMLInputElement>('input.version')!;
    version.value = 'new';
    version.dispatchEvent(new Event('change'));
    expect(location.replace).not.toHaveBeenCalled();
    expect(shadow()!.querySelector('.error')?.textContent).toMatch(/digits and dots/);
    version.value = '6.1.0';
    version.dispatchEvent(new Event('change'));
    expect(location.replace).toHaveBeenCalledWith(
      'http://localhost:5173/mp/activity/luckDraw?fakeBridge=wallet&fakeBridgeVersion=6.1.0',
    );
  });

  it("signs in through the server's page and comes back to this one (no back door)", () => {
    const { win, location } = fakeWindow('');
    mountPreviewBar(win, services(false));
    button('Log in')!.click();
    expect(location.assign).toHaveBeenCalledWith(
      `/mp/api/login?requestUrl=${encodeURIComponent(location.href)}`,
    );
  });

  it('logs out at the server (the token cookie is httpOnly) and comes back', () => {
    const { win, location } = fakeWindow('');
    mountPreviewBar(win, services(true));
    button('Log out')!.click();
    expect(location.assign).toHaveBeenCalledWith(
      `/mp/api/logout?requestUrl=${encodeURIComponent(location.href)}`,
    );
  });

  it('folds into a pill and stays folded on the next page', () => {
    const { win } = fakeWindow('');
    mountPreviewBar(win, services(false));
    button('×')!.click();
    expect(shadow()!.querySelector<HTMLElement>('.bar')!.hidden).toBe(true);
    document.querySelector(PREVIEW_BAR_TAG)?.remove();
    mountPreviewBar(win, services(false));
    expect(shadow()!.querySelector<HTMLElement>('.bar')!.hidden).toBe(true);
    expect(shadow()!.querySelector<HTMLElement>('.pill')!.textContent).toBe(
      '▾ Browser (user agent) · logged out · today',
    );
  });
});

describe('describeEnvironment', () => {
  it('names the version only for the apps that have one', () => {
    const overrides = { ...NO_OVERRIDES, app: 'wechat' as const };
    const env = detectEnvironment(previewUserAgent(PIXEL, overrides));
    expect(describeEnvironment(overrides, env, false, PIXEL)).toBe(
      'WeChat (preview) · logged out · today',
    );
  });
});

// Read at run time, never copied into the repo (/work/shared/corpora/SOURCES.md).
const CORPUS_PATH = '/work/shared/corpora/ua/real-user-agents.json';
const corpusPresent = existsSync(CORPUS_PATH);
type Corpus = Record<string, { ua: string }[]>;
const corpus: Corpus = corpusPresent
  ? (JSON.parse(readFileSync(CORPUS_PATH, 'utf8')) as Corpus)
  : {};

/** The environment the page builds from the address and the browser (browser-services.ts). */
function pageEnvironment(search: string, userAgent: string): Environment {
  const overrides = overridesFromQuery(new URLSearchParams(search));
  const bridge =
    overrides.app === 'finance' || overrides.app === 'wallet'
      ? { app: overrides.app, appVersion: '8.80.0' }
      : undefined;
  return detectEnvironment(previewUserAgent(userAgent, overrides), bridge);
}

describe.skipIf(!corpusPresent)('the bar tells the truth about real user agents (issue 34)', () => {
  // A few strings sit under two labels (a QQ user agent that also carries MicroMessenger is filed
  // under 'qq' and 'wechat', and is QQ): WeChat's own are those under no other label.
  const elsewhere = new Set(
    Object.entries(corpus)
      .filter(([label]) => label !== 'wechat')
      .flatMap(([, rows]) => rows.map((row) => row.ua)),
  );
  const wechat = (corpus.wechat ?? []).map((row) => row.ua).filter((ua) => !elsewhere.has(ua));
  const plain = (corpus['plain-mobile-browser'] ?? []).map((row) => row.ua);

  it('a real WeChat user agent shows as WeChat, from the user agent, not as "Browser"', () => {
    expect(wechat.length).toBeGreaterThan(10);
    for (const ua of wechat) {
      const truth = environmentTruth(NO_OVERRIDES, pageEnvironment('', ua), ua);
      expect(truth, ua).toEqual({ label: 'WeChat', source: 'user agent', overruled: null });
    }
    const ua = wechat[0]!;
    const { win } = fakeWindow('', vi.fn(), ua);
    mountPreviewBar(win, services(false, null, pageEnvironment('', ua)));
    expect(shadow()!.querySelector('select')!.selectedOptions[0]?.textContent).toBe(
      'User agent (WeChat)',
    );
    expect(shadow()!.querySelector('.sees')?.textContent).toBe('page sees: WeChat (user agent)');
    expect(shadow()!.querySelector('[role=toolbar]')?.getAttribute('aria-label')).toBe(
      'Preview environment: WeChat (user agent) · logged out · today',
    );
  });

  it('WeChat chosen in an ordinary browser is forced by the preview', () => {
    expect(plain.length).toBeGreaterThan(10);
    for (const ua of plain) {
      const env = pageEnvironment('?fakeHost=wechat', ua);
      expect(env.host, ua).toBe('wechat');
      const truth = environmentTruth({ ...NO_OVERRIDES, app: 'wechat' }, env, ua);
      expect(truth, ua).toEqual({ label: 'WeChat', source: 'preview', overruled: null });
    }
  });

  it("says so when the user agent overrules the bar's choice (WeChat's token beats a fake bridge)", () => {
    const ua = wechat[0]!;
    const env = pageEnvironment('?fakeBridge=finance', ua);
    expect(env.host).toBe('wechat');
    const { win } = fakeWindow('?fakeBridge=finance', vi.fn(), ua);
    mountPreviewBar(win, services(false, null, env));
    expect(shadow()!.querySelector('.sees')?.textContent).toBe('page sees: WeChat (user agent)');
    expect(shadow()!.querySelector('.error')?.textContent).toBe(
      'Finance is overruled by the user agent',
    );
  });
});

describe('while the preview API server is not answering', () => {
  const statusAnswer = (ready: boolean) =>
    new Response(
      JSON.stringify({
        ready,
        message: ready ? '' : PREVIEW_STARTING_MESSAGE,
        detail: ready ? 'the API server answers' : 'npm run preview is waiting for its API server',
        retryAfterSeconds: ready ? 0 : 2,
      }),
      { headers: { 'content-type': 'application/json' } },
    );

  it('the bar says what the preview waits for, then reloads the page once the API answers', async () => {
    const fetch = vi
      .fn<Window['fetch']>()
      .mockResolvedValueOnce(statusAnswer(false))
      .mockResolvedValue(statusAnswer(true));
    const { win, location } = fakeWindow('', fetch);
    const shown: (string | null)[] = [];
    watchPreviewApi(win, (status) => shown.push(status && status.message), 10);
    await vi.waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith(PREVIEW_STATUS_PATH, { cache: 'no-store' });
    expect(shown).toEqual([PREVIEW_STARTING_MESSAGE, null]);
  });

  it('shows the status line in the bar', async () => {
    const fetch = vi.fn<Window['fetch']>().mockResolvedValue(statusAnswer(false));
    const { win } = fakeWindow('', fetch);
    const unmount = mountPreviewBar(win, services(false));
    await vi.waitFor(() =>
      expect(shadow()!.querySelector('[role=status]')?.textContent).toBe(
        `${PREVIEW_STARTING_MESSAGE} npm run preview is waiting for its API server`,
      ),
    );
    unmount();
  });

  it('says nothing and never reloads when the API answers, or no preview is behind', async () => {
    for (const fetch of [
      vi.fn<Window['fetch']>().mockResolvedValue(statusAnswer(true)),
      vi.fn<Window['fetch']>().mockResolvedValue(new Response('not found', { status: 404 })),
    ]) {
      const { win, location } = fakeWindow('', fetch);
      const show = vi.fn();
      watchPreviewApi(win, show, 10);
      await vi.waitFor(() => expect(show).toHaveBeenCalledWith(null));
      expect(location.reload).not.toHaveBeenCalled();
    }
  });
});
