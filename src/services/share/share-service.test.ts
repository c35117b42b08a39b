import { describe, expect, it, vi } from 'vitest';
import { browserEnvironment, createFakeServices } from '../../../tests/support/fake-services';
import type { NativeBridge, SharePayload } from '../types';
import { SHARE_RESULT_EVENTS } from '../../spec/constants';
import { SHARE_MESSAGES } from './share-copy';
import { createFakeClock } from '../../../tests/support/fake-clock';
import {
  createShareService,
  SHARE_NO_ANSWER_MS,
  SHARE_RESULT_EVENT,
  type ShareServiceDeps,
} from './share-service';

const url = 'http://localhost/mp/activity/bank?from=push';

function setup(overrides: Partial<ShareServiceDeps> = {}, bridge: Partial<NativeBridge> = {}) {
  const services = createFakeServices();
  const clock = createFakeClock();
  const copied: string[] = [];
  const share = vi.fn(async (_p: SharePayload) => ({ code: 1 }));
  const deps: ShareServiceDeps = {
    bridge: { ...services.bridge, available: true, supports: () => true, share, ...bridge },
    ui: services.ui,
    env: browserEnvironment,
    navigation: services.navigation,
    logger: { ...services.logger, report: vi.fn(), info: vi.fn() },
    clock,
    copyLink: async (link) => void copied.push(link),
    ...overrides,
  };
  const toasts = () => services.record.toasts.map((t) => t.text);
  const events = () => services.record.tracks.filter((t) => t.event === SHARE_RESULT_EVENT);
  const guides = () => services.record.menuGuides;
  const dialogs = () => services.record.dialogs;
  return {
    service: createShareService(deps),
    share,
    deps,
    toasts,
    events,
    clock,
    copied,
    guides,
    dialogs,
  };
}

describe('share service: native bridge', () => {
  it("shares through the bridge and toasts 'share succeeded'", async () => {
    const t = setup();
    await expect(t.service.share({ url, subject: 's' })).resolves.toBe('success');
    expect(t.share).toHaveBeenCalledWith({ url, subject: 's' });
    expect(t.toasts()).toEqual([SHARE_MESSAGES.succeeded]);
  });

  it('tags the link with the single requested channel', async () => {
    const t = setup();
    await t.service.share({ url, sharer: ['weibo'] });
    expect(t.share.mock.calls[0]?.[0].url).toBe('http://localhost/mp/activity/bank?from=weibo');
  });

  it.each([
    [-200, SHARE_MESSAGES.parameterError],
    [-100, SHARE_MESSAGES.notInClient],
    [0, SHARE_MESSAGES.appMissing('QQ')],
    [-7, SHARE_MESSAGES.failed('')],
  ])('code %i → error event and toast %j', async (code, message) => {
    const t = setup({}, { share: async () => ({ code }) });
    await expect(t.service.share({ url, sharer: ['qq'] })).resolves.toBe('error');
    expect(t.toasts()).toEqual([message]);
  });

  it('refuses a link outside the allow-list before any share', async () => {
    const t = setup();
    await expect(t.service.share({ url: 'https://evil.com/' })).resolves.toBe('error');
    await expect(t.service.share({ url: 'javascript:alert(1)' })).resolves.toBe('error');
    expect(t.share).not.toHaveBeenCalled();
    expect(t.toasts()).toEqual([SHARE_MESSAGES.parameterError, SHARE_MESSAGES.parameterError]);
  });

  it('no share target (no bridge, no share sheet): asks to confirm the messaging app is installed (spec §8 row 9)', async () => {
    const t = setup({}, { available: false });
    await expect(t.service.share({ url })).resolves.toBe('error');
    expect(t.toasts()).toEqual([SHARE_MESSAGES.appMissing('微信')]);
    const qq = setup({}, { available: false });
    await qq.service.share({ url, sharer: ['qq'] });
    expect(qq.toasts()).toEqual([SHARE_MESSAGES.appMissing('QQ')]);
  });

  it('a plain browser with a share sheet shares through it; closing it says nothing', async () => {
    const webShare = vi.fn(async () => 'shared' as const);
    const t = setup({ webShare }, { available: false });
    await expect(t.service.share({ url, subject: '标题', text: '正文' })).resolves.toBe('success');
    expect(webShare).toHaveBeenCalledWith({ title: '标题', text: '正文', url });
    expect(t.toasts()).toEqual([SHARE_MESSAGES.succeeded]);
    const closed = setup({ webShare: async () => 'cancelled' as const }, { available: false });
    await expect(closed.service.share({ url })).resolves.toBe('error');
    expect(closed.toasts()).toEqual([]);
  });

  it('a throwing bridge is reported and treated as not in client', async () => {
    const t = setup({}, { share: async () => Promise.reject(new Error('x')) });
    await expect(t.service.share({ url })).resolves.toBe('error');
    expect(t.deps.logger.report).toHaveBeenCalled();
  });
});

describe('share service: messaging app', () => {
  const wechatEnv = { ...browserEnvironment, host: 'wechat' as const, inMessagingApp: true };

  it('applies the JS-SDK share data and points to the menu with the guide', async () => {
    const apply = vi.fn(async () => true);
    const t = setup({ env: wechatEnv, applyWechatShare: apply });
    await expect(t.service.share({ url })).resolves.toBe('success');
    expect(apply).toHaveBeenCalledWith({ url });
    expect(t.share).not.toHaveBeenCalled();
    expect(t.guides()).toEqual([SHARE_MESSAGES.useMenu]);
    expect(t.toasts()).toEqual([]);
  });

  it('without the SDK (config failed or never loaded) still points to the menu: a way forward, counted as an error', async () => {
    for (const overrides of [{ applyWechatShare: async () => false }, {}]) {
      const t = setup({ env: wechatEnv, ...overrides });
      await expect(t.service.share({ url })).resolves.toBe('error');
      expect(t.guides()).toEqual([SHARE_MESSAGES.useMenu]);
      expect(t.toasts()).toEqual([]);
      expect(t.events().map((e) => e.data?.channel)).toEqual(['wechat-menu']);
    }
  });
});

describe('share service: the provider’s apps when the bridge cannot share', () => {
  const appEnv = { ...browserEnvironment, host: 'finance' as const, inProviderApp: true };

  it('no bridge in the app: copies the link and says so', async () => {
    const t = setup({ env: appEnv }, { available: false });
    await expect(t.service.share({ url })).resolves.toBe('error');
    expect(t.copied).toEqual([url]);
    expect(t.toasts()).toEqual([SHARE_MESSAGES.linkCopied]);
    expect(t.events().map((e) => e.data?.channel)).toEqual(['copy-link']);
  });

  it('a bridge that never answers: after SHARE_NO_ANSWER_MS, copies the link and says so', async () => {
    const t = setup({ env: appEnv }, { share: () => new Promise(() => undefined) });
    const result = t.service.share({ url });
    await Promise.resolve();
    expect(t.toasts()).toEqual([]);
    t.clock.advance(SHARE_NO_ANSWER_MS);
    await expect(result).resolves.toBe('error');
    expect(t.copied).toEqual([url]);
    expect(t.toasts()).toEqual([SHARE_MESSAGES.linkCopied]);
  });

  it('an answer in time is the answer (no copy)', async () => {
    const t = setup(
      { env: appEnv },
      {
        share: () => new Promise((resolve) => t.clock.setTimeout(() => resolve({ code: 1 }), 500)),
      },
    );
    const result = t.service.share({ url });
    t.clock.advance(500);
    await expect(result).resolves.toBe('success');
    t.clock.advance(SHARE_NO_ANSWER_MS);
    expect(t.copied).toEqual([]);
  });

  it('when even the clipboard refuses, shows the link in a dialog to copy by hand', async () => {
    const t = setup(
      { env: appEnv, copyLink: async () => Promise.reject(new Error('denied')) },
      { available: false },
    );
    await expect(t.service.share({ url })).resolves.toBe('error');
    expect(t.dialogs()).toEqual([
      expect.objectContaining({ title: SHARE_MESSAGES.copyLinkTitle, text: url }),
    ]);
  });
});

describe('share service: images', () => {
  it("toasts 'generating image...' while drawing, then shares the image", async () => {
    const t = setup();
    let toastsWhileDrawing: string[] = [];
    const draw = async () => {
      toastsWhileDrawing = t.toasts();
      return 'data:image/png;base64,AA';
    };
    await expect(t.service.shareGeneratedImage(draw, { url })).resolves.toBe('success');
    expect(toastsWhileDrawing).toEqual([SHARE_MESSAGES.generatingImage]);
    expect(t.share.mock.calls[0]?.[0].imageUrl).toBe('data:image/png;base64,AA');
    expect(t.toasts()).toEqual([SHARE_MESSAGES.generatingImage, SHARE_MESSAGES.succeeded]);
  });

  it('a drawing failure is an error, nothing shared', async () => {
    const t = setup();
    const draw = async () => Promise.reject(new Error('canvas tainted'));
    await expect(t.service.shareGeneratedImage(draw, { url })).resolves.toBe('error');
    expect(t.share).not.toHaveBeenCalled();
  });

  it('save image events', async () => {
    const draw = async () => 'data:image/png;base64,AA';
    const saved = setup({ saveImage: async () => true });
    await expect(saved.service.saveGeneratedImage(draw)).resolves.toBe('save-image-success');
    const failed = setup({ saveImage: async () => false });
    await expect(failed.service.saveGeneratedImage(draw)).resolves.toBe('save-image-error');
    const none = setup();
    await expect(none.service.saveGeneratedImage(draw)).resolves.toBe('save-image-error');
  });

  it('spec §4: every share and save ends in one share result event, sent as analytics', async () => {
    const t = setup({
      photoSaver: { supported: () => true, save: async (image) => image.endsWith('ok') },
    });
    await t.service.share({ url }, { activity: 'demo-luckdraw' });
    await t.service.share({ url, sharer: ['weibo'] });
    await t.service.saveImage('data:image/png;base64,ok', { activity: 'demo-luckdraw' });
    await t.service.saveImage('data:image/png;base64,no');
    const failing = setup({}, { share: async () => ({ code: -200 }) });
    await failing.service.share({ url });
    const refused = setup();
    await refused.service.share({ url: 'javascript:alert(1)' });
    expect([...t.events(), ...failing.events(), ...refused.events()].map((e) => e.data)).toEqual([
      { outcome: 'success', channel: 'app', activity: 'demo-luckdraw' },
      { outcome: 'success', channel: 'app:weibo' },
      { outcome: 'save-image-success', channel: 'album', activity: 'demo-luckdraw' },
      { outcome: 'save-image-error', channel: 'album' },
      { outcome: 'error', channel: 'app' },
      { outcome: 'error', channel: 'none' },
    ]);
    // Every outcome is one of the spec's four.
    for (const e of [...t.events(), ...failing.events()]) {
      expect(SHARE_RESULT_EVENTS).toContain(e.data?.outcome);
    }
  });
});
