import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOGIN_POLL_COUNT,
  LOGIN_POLL_INTERVAL_MS,
  SERVICE_TOKEN_COOKIES,
  SERVICE_TOKEN_MARKER_COOKIES,
  WEB_LOGIN_PATH,
} from '../../spec/constants';
import { createBrowserClock } from '../browser/clock';
import { createMemoryCookies } from '../browser/cookies';
import { createAuthService, webLoginUrl } from './auth-service';
import type { EmbedHostLogin } from './embed-host';
import { sameOriginUrl } from './same-origin-url';

const PAGE = 'https://m.example.test/mp/activity/luckDraw?from=spring&id=3';
const POLL_TOTAL_MS = LOGIN_POLL_INTERVAL_MS * LOGIN_POLL_COUNT;

function setup(
  options: {
    page?: string;
    inProviderApp?: boolean;
    inMessagingApp?: boolean;
    bridgeAvailable?: boolean;
    bridgeLogin?: () => Promise<boolean>;
    embedHost?: EmbedHostLogin;
  } = {},
) {
  const page = new URL(options.page ?? PAGE);
  const cookies = createMemoryCookies();
  const navigation = {
    href: () => page.href,
    host: () => page.host,
    query: () => new URLSearchParams(page.search),
    assign: vi.fn(),
    reload: vi.fn(),
  };
  const bridge = {
    available: options.bridgeAvailable ?? false,
    login: vi.fn(options.bridgeLogin ?? (async () => false)),
  };
  const logger = { report: vi.fn() };
  const auth = createAuthService({
    cookies,
    navigation,
    clock: createBrowserClock(),
    env: {
      inProviderApp: options.inProviderApp ?? false,
      inMessagingApp: options.inMessagingApp ?? false,
    },
    bridge,
    embedHost: options.embedHost ?? null,
    logger,
  });
  const logIn = (token = SERVICE_TOKEN_COOKIES.mHost) => {
    cookies.set('cUserId', 'u-1');
    cookies.set(token, 't');
  };
  return { auth, cookies, navigation, bridge, logger, logIn };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('logged-in state (spec §4)', () => {
  it('needs a user id cookie and the token cookie of the m. host family', () => {
    const { auth, cookies } = setup();
    cookies.set('userId', '7');
    expect(auth.isLoggedIn()).toBe(false);
    cookies.set(SERVICE_TOKEN_COOKIES.default, 't');
    expect(auth.isLoggedIn()).toBe(false);
    cookies.set(SERVICE_TOKEN_COOKIES.mHost, 't');
    expect(auth.isLoggedIn()).toBe(true);
    expect(auth.userId()).toBe('7');
  });

  it('uses the default token cookie on other hosts', () => {
    const { auth, cookies } = setup({ page: 'https://www.example.test/mp/activity/' });
    cookies.set('cUserId', '8');
    cookies.set(SERVICE_TOKEN_COOKIES.mHost, 't');
    expect(auth.isLoggedIn()).toBe(false);
    cookies.set(SERVICE_TOKEN_COOKIES.default, 't');
    expect(auth.isLoggedIn()).toBe(true);
  });

  it("counts the web sign-in's marker for its httpOnly token, of the host family only", () => {
    const { auth, cookies } = setup();
    cookies.set('userId', '7');
    cookies.set(SERVICE_TOKEN_MARKER_COOKIES.default, '1');
    expect(auth.isLoggedIn()).toBe(false);
    cookies.set(SERVICE_TOKEN_MARKER_COOKIES.mHost, '1');
    expect(auth.isLoggedIn()).toBe(true);
    cookies.remove('userId');
    expect(auth.isLoggedIn()).toBe(false);
  });

  it('has no user id when not logged in', () => {
    const { auth, cookies } = setup();
    cookies.set('userId', '7');
    expect(auth.userId()).toBeNull();
  });
});

describe('waitForLogin (spec §4: 200 ms x 15)', () => {
  it('resolves true at once when logged in', async () => {
    const { auth, logIn } = setup();
    logIn();
    await expect(auth.waitForLogin()).resolves.toBe(true);
  });

  it('resolves true at the first poll after the cookies arrive', async () => {
    const { auth, logIn } = setup();
    const done = vi.fn();
    void auth.waitForLogin().then(done);
    await vi.advanceTimersByTimeAsync(LOGIN_POLL_INTERVAL_MS * 3 + 50);
    logIn();
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LOGIN_POLL_INTERVAL_MS - 50);
    expect(done).toHaveBeenCalledWith(true);
  });

  it('gives up after 15 polls (3 s), not before', async () => {
    const { auth } = setup();
    const done = vi.fn();
    void auth.waitForLogin().then(done);
    await vi.advanceTimersByTimeAsync(POLL_TOTAL_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith(false);
  });

  it('still counts cookies that arrive at the last poll', async () => {
    const { auth, logIn } = setup();
    const done = vi.fn();
    void auth.waitForLogin().then(done);
    await vi.advanceTimersByTimeAsync(POLL_TOTAL_MS - 1);
    logIn();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith(true);
  });
});

describe('login flow (spec §4)', () => {
  it('redirects a browser to the web login with from, deepLinkEnable and requestUrl', async () => {
    const { auth, navigation } = setup();
    await auth.login();
    expect(navigation.assign).toHaveBeenCalledTimes(1);
    const target = new URL(String(navigation.assign.mock.calls[0]?.[0]));
    expect(target.origin + target.pathname).toBe(`https://m.example.test${WEB_LOGIN_PATH}`);
    expect(target.searchParams.get('from')).toBe('spring');
    expect(target.searchParams.get('deepLinkEnable')).toBe('true');
    expect(target.searchParams.get('requestUrl')).toBe(PAGE);
  });

  it('disables deep links in messaging apps', async () => {
    const { auth, navigation } = setup({ inMessagingApp: true });
    await auth.login();
    const target = new URL(String(navigation.assign.mock.calls[0]?.[0]));
    expect(target.searchParams.get('deepLinkEnable')).toBe('false');
  });

  it('never redirects back to another origin', async () => {
    const { auth, navigation } = setup();
    await auth.login({ requestUrl: 'https://evil.test/steal' });
    const target = new URL(String(navigation.assign.mock.calls[0]?.[0]));
    expect(target.searchParams.get('requestUrl')).toBe(PAGE);
  });

  it('keeps a same-origin requestUrl', async () => {
    const { auth, navigation } = setup();
    await auth.login({ requestUrl: '/mp/activity/prizeList' });
    const target = new URL(String(navigation.assign.mock.calls[0]?.[0]));
    expect(target.searchParams.get('requestUrl')).toBe(
      'https://m.example.test/mp/activity/prizeList',
    );
  });

  it('runs one login at a time: concurrent and later calls share it', async () => {
    const { auth, navigation } = setup();
    const first = auth.login();
    const second = auth.login();
    expect(second).toBe(first);
    await first;
    await auth.login();
    expect(navigation.assign).toHaveBeenCalledTimes(1);
  });

  it('in the apps: logs in through the bridge, waits for the cookies, reloads', async () => {
    const holder: { logIn?: () => void } = {};
    const { auth, navigation, bridge, logIn } = setup({
      inProviderApp: true,
      bridgeAvailable: true,
      bridgeLogin: async () => {
        holder.logIn?.();
        return true;
      },
    });
    holder.logIn = logIn;
    await auth.login();
    expect(bridge.login).toHaveBeenCalledTimes(1);
    expect(navigation.reload).toHaveBeenCalledTimes(1);
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('in the apps: a cancelled native login neither reloads nor redirects, and can be retried', async () => {
    const { auth, navigation, bridge } = setup({ inProviderApp: true, bridgeAvailable: true });
    await auth.login();
    await auth.login();
    expect(bridge.login).toHaveBeenCalledTimes(2);
    expect(navigation.reload).not.toHaveBeenCalled();
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('in the apps: a native login without cookies is reported, not reloaded (no loop)', async () => {
    const { auth, navigation, logger } = setup({
      inProviderApp: true,
      bridgeAvailable: true,
      bridgeLogin: async () => true,
    });
    const pending = auth.login();
    await vi.advanceTimersByTimeAsync(POLL_TOTAL_MS);
    await pending;
    expect(navigation.reload).not.toHaveBeenCalled();
    expect(logger.report).toHaveBeenCalledTimes(1);
  });

  it('in the apps without a bridge: falls back to the web login', async () => {
    const { auth, navigation } = setup({ inProviderApp: true, bridgeAvailable: false });
    await auth.login();
    expect(navigation.assign).toHaveBeenCalledTimes(1);
  });

  it("in a third-party embed: uses the host's login with a same-origin requestUrl", async () => {
    const embedHost = { login: vi.fn(async () => true) };
    const { auth, navigation } = setup({ embedHost });
    await auth.login({ requestUrl: '//evil.test/x' });
    expect(embedHost.login).toHaveBeenCalledWith(PAGE);
    expect(navigation.reload).toHaveBeenCalledTimes(1);
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('releases the lock when a login fails', async () => {
    const embedHost = { login: vi.fn(async () => Promise.reject(new Error('host down'))) };
    const { auth } = setup({ embedHost });
    await expect(auth.login()).rejects.toThrow('host down');
    await expect(auth.login()).rejects.toThrow('host down');
    expect(embedHost.login).toHaveBeenCalledTimes(2);
  });

  it('real-login check waits for the cookies inside the apps only', async () => {
    const inApp = setup({ inProviderApp: true });
    const done = vi.fn();
    void inApp.auth.checkRealLogin().then(done);
    inApp.logIn();
    await vi.advanceTimersByTimeAsync(LOGIN_POLL_INTERVAL_MS);
    expect(done).toHaveBeenCalledWith(true);
    await expect(setup().auth.checkRealLogin()).resolves.toBe(false);
  });
});

const REDIRECTS = '/work/shared/corpora/redirect/payloads.txt';
describe.skipIf(!existsSync(REDIRECTS))('requestUrl is never an open redirect (corpus)', () => {
  const payloads = existsSync(REDIRECTS)
    ? readFileSync(REDIRECTS, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
    : [];

  it('keeps every payload on the page origin', () => {
    expect(payloads.length).toBeGreaterThan(100);
    const escaped = payloads.filter(
      (payload) => new URL(sameOriginUrl(payload, PAGE)).origin !== 'https://m.example.test',
    );
    expect(escaped).toEqual([]);
  });

  it('builds login URLs whose requestUrl stays on the page origin', () => {
    for (const payload of payloads) {
      const url = new URL(
        webLoginUrl({ pageHref: PAGE, from: 'x', deepLinkEnable: true, requestUrl: payload }),
      );
      expect(url.origin, payload).toBe('https://m.example.test');
      expect(new URL(url.searchParams.get('requestUrl') ?? '').origin, payload).toBe(
        'https://m.example.test',
      );
    }
  });
});
