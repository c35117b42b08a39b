import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagingAppStoreUrl } from '../../services/deep-link/app-links';
import { browserEnvironment, createFakeServices } from '../../../tests/support/fake-services';
import { MINI_PROGRAM_MESSAGES } from '../../services/share/share-copy';
import type { NativeBridge, Services } from '../../services/types';
import { MINI_PROGRAM_CODES, MINI_PROGRAM_STORE_HANDOFF_MS } from '../../spec/constants';
import { actionSchema, type Action } from './action-schema';
import { defaultActionHandlers } from './default-handlers';
import { createDispatcher, type ActionContext } from './dispatcher';

const dispatch = createDispatcher(defaultActionHandlers);

function page(services: Services, scope: ActionContext['scope'] = () => ({})) {
  const dialogs: string[] = [];
  const context: Omit<ActionContext, 'run'> = {
    services,
    scope,
    setState: () => undefined,
    openDialog: (id) => void dialogs.push(id),
    closeDialog: () => undefined,
    navigate: () => undefined,
    scrollTo: () => undefined,
    refresh: async () => undefined,
  };
  return { dialogs, run: (actions: Action[]) => dispatch(actions, context) };
}

/** A bridge that has (or lacks) the wallet client's mini-program method. */
function walletBridge(base: NativeBridge, code: number | null): NativeBridge {
  return {
    ...base,
    available: code !== null,
    supports: (method) => code !== null && method === 'launchMiniProgram',
    launchMiniProgram: async () => ({ code: code ?? -100 }),
  };
}

describe('openDialog perDay (spec §4 daily counter)', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-03-01T10:00:00+08:00') }));
  afterEach(() => vi.useRealTimers());

  it('opens a dialog at most perDay times a day, and again the next day', async () => {
    const services = createFakeServices();
    const p = page(services);
    const open: Action[] = [{ type: 'openDialog', dialog: 'welcome', perDay: 2 }];
    for (let i = 0; i < 3; i += 1) await p.run(open);
    expect(p.dialogs).toEqual(['welcome', 'welcome']);
    vi.setSystemTime(Date.parse('2026-03-02T09:00:00+08:00'));
    await p.run(open);
    expect(p.dialogs).toHaveLength(3);
    // Yesterday's key is gone: the counter reset by removal, not by a stored date.
    expect(services.storage.keys?.()).toEqual(['dialog-shown:welcome:2026-03-02']);
  });

  it('without perDay, opens every time', async () => {
    const p = page(createFakeServices());
    for (let i = 0; i < 3; i += 1) await p.run([{ type: 'openDialog', dialog: 'rules' }]);
    expect(p.dialogs).toHaveLength(3);
  });
});

describe('miniProgram action (spec §8 rows 16-17)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const launch: Action = { type: 'miniProgram', userName: 'gh_0123456789ab', path: 'pages/index' };

  it('§8 row 17: outside the wallet client, asks to open the page with the wallet client', async () => {
    const services = createFakeServices();
    await page(services).run([launch]);
    expect(services.record.toasts).toEqual([{ text: MINI_PROGRAM_MESSAGES.useWalletClient }]);
  });

  it('§8 row 16: without the messaging app, asks to install it, then opens its store page after 1.5 s', async () => {
    const base = createFakeServices({ env: { ...browserEnvironment, os: 'ios' } });
    const services = createFakeServices({
      env: base.env,
      bridge: walletBridge(base.bridge, MINI_PROGRAM_CODES.messagingAppMissing),
    });
    await page(services).run([launch]);
    expect(services.record.toasts).toEqual([{ text: MINI_PROGRAM_MESSAGES.installMessagingApp }]);
    await vi.advanceTimersByTimeAsync(MINI_PROGRAM_STORE_HANDOFF_MS - 1);
    expect(services.record.opened).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(services.record.opened).toEqual([messagingAppStoreUrl('ios')]);
  });

  it('launches in the wallet client, and reports an unexplained failure', async () => {
    const base = createFakeServices();
    const ok = createFakeServices({ bridge: walletBridge(base.bridge, 0) });
    await page(ok).run([launch]);
    expect(ok.record.toasts).toEqual([]);
    const broken = createFakeServices({ bridge: walletBridge(base.bridge, -1) });
    await page(broken).run([launch]);
    expect(broken.record.reports).toHaveLength(1);
  });

  it('refuses a mini-program id or path a document could abuse', () => {
    expect(actionSchema.safeParse(launch).success).toBe(true);
    expect(actionSchema.safeParse({ ...launch, userName: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(actionSchema.safeParse({ ...launch, path: 'a"><script>' }).success).toBe(false);
  });
});

describe('closePage action (spec §7 native bridge: page close)', () => {
  it('asks the bridge to close the page', async () => {
    const base = createFakeServices();
    const closePage = vi.fn(async () => undefined);
    await page(createFakeServices({ bridge: { ...base.bridge, closePage } })).run([
      { type: 'closePage' },
    ]);
    expect(closePage).toHaveBeenCalledTimes(1);
  });
});

describe('copy action', () => {
  it('copies the bound text through the share service, then shows its toast', async () => {
    const services = createFakeServices();
    await page(services, () => ({ page: { code: '42' } })).run([
      { type: 'copy', text: 'CODE-{{page.code}}', toast: '已复制' },
    ]);
    expect(services.record.copied).toEqual(['CODE-42']);
    expect(services.record.toasts).toEqual([{ text: '已复制', variant: 'short' }]);
  });
});

describe('openApp check (spec §4 wallet-app check)', () => {
  it('passes the wallet check through to the deep-link service', async () => {
    const seen: unknown[] = [];
    const services = createFakeServices({
      deepLink: {
        open: async (target, options) => {
          seen.push({ target, options });
          return 'opened';
        },
      },
    });
    await page(services).run([{ type: 'openApp', target: 'miwallet://home', check: 'wallet' }]);
    expect(seen).toEqual([{ target: 'miwallet://home', options: { check: 'wallet' } }]);
  });
});

describe('counted events carry the page’s activity (client-events)', () => {
  const scope = () => ({ page: { activityCode: 'spring', share: { enabled: true } } });

  it('a track action is counted for the page’s activity unless it names one', async () => {
    const services = createFakeServices();
    const p = page(services, scope);
    await p.run([{ type: 'track', event: 'banner-tap' }]);
    await p.run([
      { type: 'track', event: 'banner-tap', data: { activity: 'other', outcome: 'x' } },
    ]);
    expect(services.record.tracks).toEqual([
      { event: 'banner-tap', data: { activity: 'spring' } },
      { event: 'banner-tap', data: { activity: 'other', outcome: 'x' } },
    ]);
  });

  it('a share action tells the share service which activity shares', async () => {
    const services = createFakeServices();
    const share = vi.spyOn(services.share, 'share');
    await page(services, scope).run([{ type: 'share' }]);
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: expect.any(String) }), {
      activity: 'spring',
    });
  });
});
