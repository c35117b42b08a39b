import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WECHAT_CONFIG_DELAY_MS, WECHAT_CONFIG_HELPER_DELAY_MS } from '../../spec/constants';
import { createFakeServices, type FakeApiHandler } from '../../../tests/support/fake-services';
import {
  applyWechatShare,
  fetchWechatSignature,
  signingUrl,
  WECHAT_SIGNATURE_API,
  type WechatConfigDeps,
} from './wechat-config';
import type { WechatSdkAdapter } from './wechat-sdk';

const landing = 'https://campaign.example/mp/activity/bank?from=a#x';
const current = 'https://campaign.example/mp/activity/bank/detail?id=2#y';
const data = { appId: 'wxapp', timestamp: 1700000000, nonceStr: 'n', signature: 's' };
const ok: FakeApiHandler = () => ({ code: 1, result: { data } });

function setup(os: 'ios' | 'android', handler: FakeApiHandler = ok, variant?: 'helper') {
  const services = createFakeServices({ apiHandler: handler, href: current });
  const sdk = {
    load: vi.fn(async () => undefined),
    configure: vi.fn(async () => undefined),
    setShareData: vi.fn(),
  } satisfies WechatSdkAdapter;
  const deps: WechatConfigDeps = {
    api: services.api,
    clock: services.clock,
    env: { os },
    navigation: services.navigation,
    logger: { ...services.logger, report: vi.fn() },
    sdk,
    landingUrl: landing,
    ...(variant ? { variant } : {}),
  };
  return { services, sdk, deps };
}

const payload = {
  url: 'https://campaign.example/mp/activity/bank',
  subject: 'T',
  text: 'D',
  iconUrl: 'https://i/i.png',
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('signingUrl (history-mode pages)', () => {
  it('iOS signs the landing URL of the first load, Android the current URL; never the hash', () => {
    expect(signingUrl('ios', landing, current)).toBe(
      'https://campaign.example/mp/activity/bank?from=a',
    );
    expect(signingUrl('android', landing, current)).toBe(
      'https://campaign.example/mp/activity/bank/detail?id=2',
    );
  });
});

describe('fetchWechatSignature (spec §7)', () => {
  it('calls transpond.wechat with the url; code 1 gives result.data', async () => {
    const { services } = setup('android');
    await expect(fetchWechatSignature(services.api, 'https://x/')).resolves.toEqual(data);
    expect(services.record.calls).toEqual([
      { name: WECHAT_SIGNATURE_API, params: { url: 'https://x/' } },
    ]);
  });
  it('any other code or a malformed body gives null', async () => {
    const bad = setup('android', () => ({ code: 0, result: { data } }));
    await expect(fetchWechatSignature(bad.services.api, 'u')).resolves.toBeNull();
    const malformed = setup('android', () => ({ code: 1, result: { data: { appId: 1 } } }));
    await expect(fetchWechatSignature(malformed.services.api, 'u')).resolves.toBeNull();
  });
});

describe('applyWechatShare', () => {
  it(`waits ${WECHAT_CONFIG_DELAY_MS} ms, signs the current URL on Android, sets every channel`, async () => {
    const { services, sdk, deps } = setup('android');
    const done = applyWechatShare(deps, payload);
    await vi.advanceTimersByTimeAsync(WECHAT_CONFIG_DELAY_MS - 1);
    expect(services.record.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(true);
    expect(services.record.calls[0]?.params).toEqual({
      url: 'https://campaign.example/mp/activity/bank/detail?id=2',
    });
    expect(sdk.configure).toHaveBeenCalledWith(data);
    expect(sdk.setShareData.mock.calls.map((c) => c[0])).toEqual([
      'wechat',
      'timeline',
      'qq',
      'qzone',
    ]);
    expect(sdk.setShareData).toHaveBeenCalledWith('timeline', {
      title: 'T',
      desc: 'D',
      link: 'https://campaign.example/mp/activity/bank?from=timeline',
      imgUrl: 'https://i/i.png',
    });
  });

  it('iOS signs the landing URL', async () => {
    const { services, deps } = setup('ios');
    const done = applyWechatShare(deps, payload);
    await vi.advanceTimersByTimeAsync(WECHAT_CONFIG_DELAY_MS);
    await done;
    expect(services.record.calls[0]?.params).toEqual({
      url: 'https://campaign.example/mp/activity/bank?from=a',
    });
  });

  it(`helper variant waits ${WECHAT_CONFIG_HELPER_DELAY_MS} ms`, async () => {
    const { services, deps } = setup('android', ok, 'helper');
    const done = applyWechatShare(deps, payload);
    await vi.advanceTimersByTimeAsync(WECHAT_CONFIG_HELPER_DELAY_MS - 1);
    expect(services.record.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(true);
  });

  it('a refused signature or SDK error resolves false and is reported', async () => {
    const refused = setup('android', () => ({ code: 0 }));
    const p1 = applyWechatShare(refused.deps, payload);
    await vi.advanceTimersByTimeAsync(WECHAT_CONFIG_DELAY_MS);
    await expect(p1).resolves.toBe(false);
    expect(refused.sdk.configure).not.toHaveBeenCalled();
    expect(refused.deps.logger.report).toHaveBeenCalled();

    const sdkError = setup('android');
    sdkError.sdk.configure.mockRejectedValueOnce(new Error('invalid signature'));
    const p2 = applyWechatShare(sdkError.deps, payload);
    await vi.advanceTimersByTimeAsync(WECHAT_CONFIG_DELAY_MS);
    await expect(p2).resolves.toBe(false);
    expect(sdkError.sdk.setShareData).not.toHaveBeenCalled();
  });
});
