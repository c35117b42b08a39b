import { describe, expect, it, vi } from 'vitest';
import { QUERY_OTHER_APPS_UNSUPPORTED } from '../../spec/constants';
import { queryOtherAppVersion } from './other-app-version';

describe('queryOtherAppVersion (spec §5)', () => {
  it("answers 'not supported' below the gate without asking", async () => {
    const query = vi.fn(async () => '1.2.3');
    await expect(
      queryOtherAppVersion({ host: 'finance', appVersion: '8.48.9' }, query),
    ).resolves.toBe(QUERY_OTHER_APPS_UNSUPPORTED);
    await expect(queryOtherAppVersion({ host: 'browser', appVersion: null }, query)).resolves.toBe(
      QUERY_OTHER_APPS_UNSUPPORTED,
    );
    expect(query).not.toHaveBeenCalled();
  });

  it('asks at or above the gate (finance 8.49.0, wallet 6.49.0)', async () => {
    const query = vi.fn(async () => '1.2.3');
    await expect(
      queryOtherAppVersion({ host: 'finance', appVersion: '8.49.0' }, query),
    ).resolves.toBe('1.2.3');
    await expect(
      queryOtherAppVersion({ host: 'wallet', appVersion: '6.49.0' }, query),
    ).resolves.toBe('1.2.3');
  });

  it("a failed query is 'not supported'", async () => {
    const failing = () => Promise.reject(new Error('no bridge'));
    await expect(
      queryOtherAppVersion({ host: 'wallet', appVersion: '6.50.0' }, failing),
    ).resolves.toBe(QUERY_OTHER_APPS_UNSUPPORTED);
  });
});
