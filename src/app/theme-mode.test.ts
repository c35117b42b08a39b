import { describe, expect, it, vi } from 'vitest';
import { installFakeBridge } from '../services/bridge/fake-bridge';
import type { BridgeWindow } from '../services/bridge/bridge-global';
import { createNativeBridge } from '../services/bridge/native-bridge';
import { createBrowserClock } from '../services/browser/clock';
import { followAppTheme, THEME_ATTRIBUTE } from './theme-mode';

// spec §7 "Native bridge" (theme mode); decision 0043.

function setup(theme: 'light' | 'dark', methods?: string[]) {
  const win: BridgeWindow = { history: { back: vi.fn() } };
  const fake = installFakeBridge(win, { theme, ...(methods ? { methods } : {}) });
  const bridge = createNativeBridge({
    win,
    clock: createBrowserClock(),
    ui: { toast: vi.fn(), loading: vi.fn() },
  });
  const root = document.createElement('html');
  return { fake, bridge, root };
}

describe('followAppTheme', () => {
  it("inside a provider app sets data-theme from the bridge's theme mode", async () => {
    const { bridge, root, fake } = setup('dark');
    await followAppTheme(root, { inProviderApp: true }, bridge);
    expect(root.getAttribute(THEME_ATTRIBUTE)).toBe('dark');
    expect(fake.calls.map((c) => c.method)).toEqual(['themeMode']);
  });

  it('a light app keeps a dark-scheme phone light', async () => {
    const { bridge, root } = setup('light');
    await followAppTheme(root, { inProviderApp: true }, bridge);
    expect(root.getAttribute(THEME_ATTRIBUTE)).toBe('light');
  });

  it('leaves the choice to CSS (prefers-color-scheme) in browsers and apps without the method', () => {
    const browser = setup('dark');
    expect(followAppTheme(browser.root, { inProviderApp: false }, browser.bridge)).toBeNull();
    const old = setup('dark', ['login']);
    expect(followAppTheme(old.root, { inProviderApp: true }, old.bridge)).toBeNull();
    expect(browser.fake.calls).toEqual([]);
    expect(old.root.hasAttribute(THEME_ATTRIBUTE)).toBe(false);
  });

  it('keeps the CSS choice when the bridge fails to load', async () => {
    const root = document.createElement('html');
    const bridge = {
      supports: () => true,
      themeMode: () => Promise.reject(new Error('chunk failed')),
    };
    await followAppTheme(root, { inProviderApp: true }, bridge);
    expect(root.hasAttribute(THEME_ATTRIBUTE)).toBe(false);
  });
});
