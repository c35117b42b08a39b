import { describe, expect, it } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { APP_STORE_URL_API, APP_STORE_URL_FALLBACK_ERROR, fetchAppStoreUrl } from './app-store-url';

describe('fetchAppStoreUrl (spec §7, §8)', () => {
  it('asks by targetPackageName and returns the value', async () => {
    const s = createFakeServices({
      apiHandler: () => ({ code: 0, value: 'mimarket://details?id=a' }),
    });
    await expect(fetchAppStoreUrl(s, 'com.a')).resolves.toBe('mimarket://details?id=a');
    expect(s.record.calls).toEqual([
      { name: APP_STORE_URL_API, params: { targetPackageName: 'com.a' } },
    ]);
    expect(s.record.toasts).toEqual([]);
  });

  it('shows the returned error as a toast', async () => {
    const s = createFakeServices({ apiHandler: () => ({ code: 0, error: '应用不存在' }) });
    await expect(fetchAppStoreUrl(s, 'com.a')).resolves.toBeNull();
    expect(s.record.toasts).toEqual([{ text: '应用不存在' }]);
  });

  it('a rejected call shows its message, or a fallback', async () => {
    const thrown = createFakeServices({
      apiHandler: () => Promise.reject(new Error('网络错误')),
    });
    await expect(fetchAppStoreUrl(thrown, 'com.a')).resolves.toBeNull();
    expect(thrown.record.toasts).toEqual([{ text: '网络错误' }]);

    const envelope = createFakeServices({
      apiHandler: () => Promise.reject({ code: 5, error: '下架' }),
    });
    await fetchAppStoreUrl(envelope, 'com.a');
    expect(envelope.record.toasts).toEqual([{ text: '下架' }]);

    const bare = createFakeServices({ apiHandler: () => Promise.reject(new Error('')) });
    await fetchAppStoreUrl(bare, 'com.a');
    expect(bare.record.toasts).toEqual([{ text: APP_STORE_URL_FALLBACK_ERROR }]);
  });
});
