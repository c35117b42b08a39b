import { describe, expect, it } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { PLAIN_MOBILE_BROWSER } from '../../contracts/env/plain-browser';
import { PRERENDER_ATTRIBUTE } from '../../contracts/site/prerender-attribute';
import { readSnapshot, snapshotView } from './prerender-snapshot';

describe('the prerender snapshot', () => {
  it('is read back from #root, and a plain root has none', () => {
    const root = document.createElement('div');
    expect(readSnapshot(root)).toBeNull();
    root.setAttribute(
      PRERENDER_ATTRIBUTE,
      '{"href":"https://prerender.invalid/mp/activity/","now":5}',
    );
    expect(readSnapshot(root)).toEqual({ href: 'https://prerender.invalid/mp/activity/', now: 5 });
    root.setAttribute(
      PRERENDER_ATTRIBUTE,
      '{"href":"https://prerender.invalid/mp/activity/","now":5,"loggedIn":true}',
    );
    expect(readSnapshot(root)).toEqual({
      href: 'https://prerender.invalid/mp/activity/',
      now: 5,
      loggedIn: true,
    });
    // Only `true` says logged in; anything else is the logged-out page's snapshot.
    root.setAttribute(
      PRERENDER_ATTRIBUTE,
      '{"href":"https://prerender.invalid/mp/activity/","now":5,"loggedIn":"yes"}',
    );
    expect(readSnapshot(root)).toEqual({ href: 'https://prerender.invalid/mp/activity/', now: 5 });
    root.setAttribute(PRERENDER_ATTRIBUTE, '{not json');
    expect(readSnapshot(root)).toBeNull();
    root.setAttribute(PRERENDER_ATTRIBUTE, '{"href":1,"now":"x"}');
    expect(readSnapshot(root)).toBeNull();
  });

  it('makes the render-time reads answer as the build saw them, and nothing else', () => {
    const real = createFakeServices({
      loggedIn: true,
      href: 'https://m.example.com/mp/activity/luckDraw?from=push',
      env: { ...PLAIN_MOBILE_BROWSER, host: 'finance', inProviderApp: true },
    });
    const view = snapshotView(real, {
      href: 'https://prerender.invalid/mp/activity/luckDraw',
      now: 7,
    });
    expect(view.auth.isLoggedIn()).toBe(false);
    expect(view.auth.userId()).toBeNull();
    expect(view.env).toBe(PLAIN_MOBILE_BROWSER);
    expect(view.clock.now()).toBe(7);
    expect(view.navigation.href()).toBe('https://prerender.invalid/mp/activity/luckDraw');
    expect([...view.navigation.query()]).toEqual([]);
    // What a tap or an effect uses stays the real service.
    expect(view.api).toBe(real.api);
    expect(view.storage).toBe(real.storage);
    expect(view.bridge).toBe(real.bridge);
    expect(view.auth.login).toBe(real.auth.login);
    expect(view.clock.setTimeout).toBe(real.clock.setTimeout);
  });

  it('answers logged in for the page prerendered for a logged-in visitor, with no user id', () => {
    // The page the server sends a request with the login cookies (decision 0026, amended in
    // session 15): hydration must render as that page was rendered, logged in, no user known.
    for (const loggedIn of [true, false]) {
      const real = createFakeServices({ loggedIn });
      const view = snapshotView(real, {
        href: 'https://prerender.invalid/mp/activity/phoneBill',
        now: 7,
        loggedIn: true,
      });
      expect(view.auth.isLoggedIn()).toBe(true);
      expect(view.auth.userId()).toBeNull();
    }
  });
});
