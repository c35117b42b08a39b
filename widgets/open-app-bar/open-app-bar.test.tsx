import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { browserEnvironment, createFakeServices } from '../../tests/support/fake-services';
import type { ApiEnvelope } from '../../src/services/types';
import { APP_DOWNLOAD_PAGES } from '../../src/services/deep-link/app-links';
import { openAppBarProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'open-app-bar',
  props: openAppBarProps.parse(props),
});

describe('open-app-bar', () => {
  it('opens the app through the deep-link service once for a double tap', async () => {
    // The second tap lands while the first open is under way (the real service waits to see
    // whether the app took over, spec §4): the fake's open stays pending until both are in.
    const opened: string[] = [];
    let finish: () => void = () => undefined;
    const services = createFakeServices({
      deepLink: {
        open: (target) => {
          opened.push(target);
          return new Promise((resolve) => {
            finish = () => resolve('opened');
          });
        },
      },
    });
    renderPage([node({ target: 'miwallet://activity/home' })], { services });
    const button = await screen.findByRole('button', { name: '打开App' });
    const user = userEvent.setup();
    await user.click(button);
    await waitFor(() => expect(opened).toEqual(['miwallet://activity/home']));
    await user.click(button);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(opened).toEqual(['miwallet://activity/home']);
  });

  it("uses the activity's openApp toast when the activity requires the app", async () => {
    const services = createFakeServices({
      apiHandler: () => ({
        code: 1,
        result: {
          activityCode: 'demo-luckdraw',
          openAppNeed: 1,
          openAppToast: '请在钱包App中参与活动',
          activityConfig: JSON.stringify({ openApp: { openFailUrl: '/mp/activity/dlink' } }),
        },
      }),
    });
    renderPage([node()], { services, document: { activity: { code: 'demo-luckdraw' } } });
    expect(await screen.findByText('请在钱包App中参与活动')).toBeTruthy();
  });

  it('spec §3, §4: a wallet variant (openAppWay 2) opens this page in the wallet app, checked once after the jump', async () => {
    const opened: unknown[] = [];
    const services = createFakeServices({
      href: 'https://m.mi.com/mp/activity/bank',
      apiHandler: () => ({
        code: 1,
        result: {
          activityCode: 'demo-luckdraw',
          openAppNeed: 1,
          openAppWay: 2,
          activityConfig: JSON.stringify({ openApp: { openFailUrl: 'https://m.mi.com/dl' } }),
        },
      }),
      deepLink: {
        open: async (target, options) => {
          opened.push({ target, options });
          return 'opened';
        },
      },
    });
    renderPage([node()], { services, document: { activity: { code: 'demo-luckdraw' } } });
    await waitFor(() => expect(services.record.calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.setup().click(await screen.findByRole('button', { name: '打开App' }));
    await waitFor(() =>
      expect(opened).toEqual([
        {
          target: `miwallet://browser?url=${encodeURIComponent('https://m.mi.com/mp/activity/bank')}`,
          options: { failUrl: 'https://m.mi.com/dl', check: 'wallet' },
        },
      ]),
    );
  });

  it("is hidden inside the provider's apps and can be closed", async () => {
    const inApp = createFakeServices({
      env: { ...browserEnvironment, inProviderApp: true, host: 'wallet' },
    });
    renderPage([node(), { type: 'rich-text', props: { content: ['正文'] } }], { services: inApp });
    await screen.findByText('正文');
    expect(screen.queryByRole('button', { name: '打开App' })).toBeNull();
  });

  it('closes on the close button', async () => {
    renderPage([node()]);
    await userEvent.setup().click(await screen.findByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('button', { name: '打开App' })).toBeNull();
  });

  it('uses the app-store page of storePackage as the download fallback (getAppStoreUrl)', async () => {
    const opened: unknown[] = [];
    const services = createFakeServices({
      apiHandler: (name, params) =>
        name === 'generalActivity.getAppStoreUrl'
          ? { code: 0, value: `market://details?id=${String(params?.targetPackageName)}` }
          : { code: 0, result: null },
      deepLink: {
        open: async (target, options) => {
          opened.push({ target, options });
          return 'opened';
        },
      },
    });
    renderPage([node({ target: 'mipay://home', storePackage: 'com.mipay.wallet' })], { services });
    await waitFor(() =>
      expect(services.record.calls.map((c) => c.name)).toContain('generalActivity.getAppStoreUrl'),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.setup().click(await screen.findByRole('button', { name: '打开App' }));
    await waitFor(() =>
      expect(opened).toEqual([
        {
          target: 'mipay://home',
          options: { downloadUrl: 'market://details?id=com.mipay.wallet' },
        },
      ]),
    );
  });

  it('a tap during the look-up waits for its answer: the error shows as a toast (spec §8 row 19)', async () => {
    let calls = 0;
    let answerFirst: (envelope: ApiEnvelope) => void = () => undefined;
    const services = createFakeServices({
      // The look-up made at mount never answers before the tap; the tap's own call fails.
      apiHandler: () => {
        calls += 1;
        if (calls === 1) return new Promise((resolve) => (answerFirst = resolve));
        return { code: 500, error: '应用商店暂不可用' };
      },
    });
    renderPage([node({ target: 'mipay://home', storePackage: 'com.mipay.wallet' })], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '打开App' }));
    await waitFor(() => expect(services.record.opened).toEqual(['mipay://home']));
    expect(services.record.toasts.map((toast) => toast.text)).toEqual(['应用商店暂不可用']);
    answerFirst({ code: 0, value: '' });
  });

  it('shows the lookup error as a toast and still opens the app (spec §8)', async () => {
    const services = createFakeServices({
      apiHandler: () => ({ code: 0, value: '', error: '暂无下载地址' }),
    });
    renderPage([node({ target: 'mipay://home', storePackage: 'com.example.none' })], { services });
    await waitFor(() => expect(services.record.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.setup().click(await screen.findByRole('button', { name: '打开App' }));
    await waitFor(() => expect(services.record.opened).toEqual(['mipay://home']));
    expect(services.record.toasts).toEqual([{ text: '暂无下载地址' }]);
  });

  it('issue 33: with no target, opens this page in the app (never reloads it) and falls back to the app’s download page', async () => {
    const opened: { target: string; options: unknown }[] = [];
    const services = createFakeServices({
      href: 'https://m.mi.com/mp/activity/',
      deepLink: {
        open: async (target, options) => {
          opened.push({ target, options });
          return 'fallback';
        },
      },
    });
    renderPage([node({ app: 'wallet' })], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '打开App' }));
    await waitFor(() =>
      expect(opened).toEqual([
        {
          target: `miwallet://browser?url=${encodeURIComponent('https://m.mi.com/mp/activity/')}`,
          options: { downloadUrl: APP_DOWNLOAD_PAGES.wallet },
        },
      ]),
    );
  });
});
