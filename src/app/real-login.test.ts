import { describe, expect, it, vi } from 'vitest';
import { checkRealLoginAtStart, type RealLoginDeps } from './real-login';

// spec §4 "Inside the apps there is also a real-login check".

function setup(options: { inProviderApp: boolean; loggedIn: boolean; arrives: boolean }) {
  const checkRealLogin = vi.fn(async () => options.arrives);
  const reload = vi.fn();
  const services: RealLoginDeps = {
    env: { inProviderApp: options.inProviderApp },
    auth: { isLoggedIn: () => options.loggedIn, checkRealLogin },
    navigation: { reload },
  };
  return { services, checkRealLogin, reload };
}

describe('checkRealLoginAtStart', () => {
  it("inside an app, a page started logged out reloads once the app's cookies arrive", async () => {
    const { services, checkRealLogin, reload } = setup({
      inProviderApp: true,
      loggedIn: false,
      arrives: true,
    });
    await expect(checkRealLoginAtStart(services)).resolves.toBe(true);
    expect(checkRealLogin).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('inside an app, a visitor who stays logged out is left on the page', async () => {
    const { services, reload } = setup({ inProviderApp: true, loggedIn: false, arrives: false });
    await expect(checkRealLoginAtStart(services)).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('checks nothing when already logged in, or outside the apps', () => {
    const loggedIn = setup({ inProviderApp: true, loggedIn: true, arrives: true });
    expect(checkRealLoginAtStart(loggedIn.services)).toBeNull();
    const browser = setup({ inProviderApp: false, loggedIn: false, arrives: true });
    expect(checkRealLoginAtStart(browser.services)).toBeNull();
    expect(browser.checkRealLogin).not.toHaveBeenCalled();
  });

  it('a check that cannot load leaves the page as it is', async () => {
    const { services, reload } = setup({ inProviderApp: true, loggedIn: false, arrives: true });
    services.auth.checkRealLogin = vi.fn(() => Promise.reject(new Error('chunk failed')));
    await expect(checkRealLoginAtStart(services)).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
