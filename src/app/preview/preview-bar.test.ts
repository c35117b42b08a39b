import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAIN_MOBILE_BROWSER } from '../../contracts/env/plain-browser';
import type { Services } from '../../services/types';
import {
  describeEnvironment,
  mountPreviewBar,
  PREVIEW_BAR_TAG,
  type BarServices,
} from './preview-bar';
import { NO_OVERRIDES, PREVIEW_STORAGE_KEY } from './overrides';

/** The parts of a window the bar uses, on jsdom's document, with navigation recorded. */
function fakeWindow(search: string, fetch: Window['fetch'] = vi.fn()) {
  const href = `http://localhost:5173/mp/activity/luckDraw${search}`;
  const location = { href, search, replace: vi.fn(), reload: vi.fn(), assign: vi.fn() };
  const win = { document, location, sessionStorage: window.sessionStorage, fetch };
  return { win: win as unknown as Window, location };
}

function services(loggedIn: boolean, appVersion: string | null = null): BarServices {
  return {
    env: { ...PLAIN_MOBILE_BROWSER, appVersion },
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
    mountPreviewBar(win, services(true, '8.80.0'));
    const select = shadow()?.querySelector('select');
    expect(select?.value).toBe('finance');
    expect(shadow()?.querySelector<HTMLInputElement>('input.version')?.value).toBe('8.80.0');
    expect(shadow()?.querySelector<HTMLInputElement>('input.date')?.value).toBe('2026-03-01T10:00');
    expect(button('Log out')).toBeDefined();
    expect(shadow()?.querySelector('[role=toolbar]')?.getAttribute('aria-label')).toBe(
      'Preview environment: Finance 8.80.0 · logged in · 2026-03-01 10:00',
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
      '▾ Browser · logged out · today',
    );
  });
});

describe('describeEnvironment', () => {
  it('names the version only for the apps that have one', () => {
    const env = { appVersion: '8.0.50' };
    expect(describeEnvironment({ ...NO_OVERRIDES, app: 'wechat' }, env, false)).toBe(
      'WeChat · logged out · today',
    );
  });
});
