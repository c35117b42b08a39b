import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserClock } from '../browser/clock';
import {
  createEmbedHostLogin,
  EMBED_LOGIN_REQUEST,
  EMBED_LOGIN_RESULT,
  EMBED_LOGIN_TIMEOUT_MS,
  type EmbedWindow,
} from './embed-host';

const HOST = 'https://partner.example.test';

function fakeWindow(overrides: Partial<EmbedWindow> = {}) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const posted: { message: unknown; origin: string }[] = [];
  const win: EmbedWindow = {
    parent: { postMessage: (message, origin) => void posted.push({ message, origin }) },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    ...overrides,
  };
  const deliver = (origin: string, data: unknown) => {
    for (const listener of [...listeners]) listener(new MessageEvent('message', { origin, data }));
  };
  return { win, posted, deliver, listeners };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('embed host login (spec §4)', () => {
  it('is absent outside an embed', () => {
    const { win } = fakeWindow();
    expect(createEmbedHostLogin(win, new URLSearchParams(), createBrowserClock())).toBeNull();
    // An http (not https) or malformed origin is refused.
    expect(
      createEmbedHostLogin(
        win,
        new URLSearchParams('embedOrigin=http://x.test'),
        createBrowserClock(),
      ),
    ).toBeNull();
  });

  it('uses the global hook first', async () => {
    const login = vi.fn(() => true);
    const { win } = fakeWindow({ MpEmbedHost: { login } });
    const host = createEmbedHostLogin(win, new URLSearchParams(), createBrowserClock());
    await expect(host?.login('https://m.example.test/a')).resolves.toBe(true);
    expect(login).toHaveBeenCalledWith('https://m.example.test/a');
  });

  it('asks the parent at exactly the embed origin and trusts only its answer', async () => {
    const { win, posted, deliver, listeners } = fakeWindow();
    const host = createEmbedHostLogin(
      win,
      new URLSearchParams(`embedOrigin=${HOST}/page`),
      createBrowserClock(),
    );
    const result = host?.login('https://m.example.test/a');
    expect(posted).toEqual([
      {
        message: { type: EMBED_LOGIN_REQUEST, requestUrl: 'https://m.example.test/a' },
        origin: HOST,
      },
    ]);
    deliver('https://evil.test', { type: EMBED_LOGIN_RESULT, ok: true });
    deliver(HOST, { type: 'other', ok: true });
    deliver(HOST, { type: EMBED_LOGIN_RESULT, ok: true });
    await expect(result).resolves.toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('counts a host that never answers as not logged in', async () => {
    const { win } = fakeWindow();
    const host = createEmbedHostLogin(
      win,
      new URLSearchParams(`embedOrigin=${HOST}`),
      createBrowserClock(),
    );
    const done = vi.fn();
    void host?.login('/x').then(done);
    await vi.advanceTimersByTimeAsync(EMBED_LOGIN_TIMEOUT_MS);
    expect(done).toHaveBeenCalledWith(false);
  });
});
