import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MINI_PROGRAM_CODES, MINI_PROGRAM_STORE_HANDOFF_MS } from '../../spec/constants';
import { messagingAppStoreUrl } from '../deep-link/app-links';
import { validateTarget } from '../deep-link/validate-target';
import { createFakeServices } from '../../../tests/support/fake-services';
import { launchMiniProgram, type MiniProgramDeps } from './mini-program';
import { MINI_PROGRAM_MESSAGES } from './share-copy';

function setup(supported: boolean, installed: boolean) {
  const services = createFakeServices();
  const launch = vi.fn(async (): Promise<{ code: number }> => ({
    code: installed ? MINI_PROGRAM_CODES.launched : MINI_PROGRAM_CODES.messagingAppMissing,
  }));
  const deps: MiniProgramDeps = {
    ui: services.ui,
    clock: services.clock,
    deepLink: services.deepLink,
    isSupported: () => supported,
    launch,
    storeUrl: messagingAppStoreUrl('android'),
  };
  return { services, deps, launch };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('mini-program launch (spec §8 rows 16-17)', () => {
  it('launches when supported and installed', async () => {
    const t = setup(true, true);
    await expect(launchMiniProgram(t.deps, { userName: 'gh_1', path: 'p' })).resolves.toBe(
      'launched',
    );
    expect(t.launch).toHaveBeenCalledWith({ userName: 'gh_1', path: 'p' });
  });

  it('§8 row 17 unsupported: asks for the wallet client', async () => {
    const t = setup(false, true);
    await expect(launchMiniProgram(t.deps, { userName: 'gh_1' })).resolves.toBe('unsupported');
    expect(t.services.record.toasts).toEqual([{ text: MINI_PROGRAM_MESSAGES.useWalletClient }]);
    expect(t.launch).not.toHaveBeenCalled();
  });

  it(`§8 row 16 not installed: asks to install, then opens the store after ${MINI_PROGRAM_STORE_HANDOFF_MS} ms`, async () => {
    const t = setup(true, false);
    await expect(launchMiniProgram(t.deps, { userName: 'gh_1' })).resolves.toBe('not-installed');
    expect(t.services.record.toasts).toEqual([{ text: MINI_PROGRAM_MESSAGES.installMessagingApp }]);
    await vi.advanceTimersByTimeAsync(MINI_PROGRAM_STORE_HANDOFF_MS - 1);
    expect(t.services.record.opened).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.services.record.opened).toEqual([messagingAppStoreUrl('android')]);
  });

  it('another answer from the client is a failure without a message of its own', async () => {
    const t = setup(true, true);
    t.launch.mockResolvedValueOnce({ code: -1 });
    await expect(launchMiniProgram(t.deps, { userName: 'gh_1' })).resolves.toBe('failed');
    expect(t.services.record.toasts).toEqual([]);
  });

  it('store URLs per OS are on the allow-list schemes', () => {
    expect(messagingAppStoreUrl('ios')).toMatch(/^itms-apps:/);
    expect(messagingAppStoreUrl('android')).toMatch(/^mimarket:/);
    for (const os of ['ios', 'android'] as const) {
      expect(validateTarget(messagingAppStoreUrl(os), { ownOrigin: 'https://x.test' }).ok).toBe(
        true,
      );
    }
  });
});
