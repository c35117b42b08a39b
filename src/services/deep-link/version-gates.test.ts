import { describe, expect, it, vi } from 'vitest';
import { QUERY_OTHER_APPS_UNSUPPORTED } from '../../spec/constants';
import { compareVersions } from './compare-versions';
import { canQueryOtherApps, otherAppVersion, supportsNewDomain } from './version-gates';

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    expect(compareVersions('8.73.0', '8.73.0')).toBe(0);
    expect(compareVersions('8.100.0', '8.73.0')).toBeGreaterThan(0);
    expect(compareVersions('8.9', '8.73.0')).toBeLessThan(0);
    expect(compareVersions('6.73', '6.73.0')).toBe(0);
    expect(compareVersions('6.73.0.1', '6.73.0')).toBeGreaterThan(0);
  });
});

describe('version gates (spec §5)', () => {
  it('new domain: finance 8.73.0+, payments/wallet 6.73.0+', () => {
    expect(supportsNewDomain({ host: 'finance', appVersion: '8.73.0' })).toBe(true);
    expect(supportsNewDomain({ host: 'finance', appVersion: '8.72.9' })).toBe(false);
    expect(supportsNewDomain({ host: 'payments', appVersion: '6.73.0' })).toBe(true);
    expect(supportsNewDomain({ host: 'payments', appVersion: '6.72.99' })).toBe(false);
    expect(supportsNewDomain({ host: 'wallet', appVersion: '6.80.1' })).toBe(true);
    expect(supportsNewDomain({ host: 'browser', appVersion: null })).toBe(false);
    expect(supportsNewDomain({ host: 'finance', appVersion: null })).toBe(false);
  });

  it('query other apps: finance 8.49.0+, wallet 6.49.0+', () => {
    expect(canQueryOtherApps({ host: 'finance', appVersion: '8.49.0' })).toBe(true);
    expect(canQueryOtherApps({ host: 'finance', appVersion: '8.48.9' })).toBe(false);
    expect(canQueryOtherApps({ host: 'wallet', appVersion: '6.49.0' })).toBe(true);
    expect(canQueryOtherApps({ host: 'wallet', appVersion: '6.48.0' })).toBe(false);
    expect(canQueryOtherApps({ host: 'wechat', appVersion: null })).toBe(false);
  });

  it("answers 'not supported' below the gate without asking", async () => {
    const query = vi.fn(async () => '1.2.3');
    await expect(otherAppVersion({ host: 'finance', appVersion: '8.0.0' }, query)).resolves.toBe(
      QUERY_OTHER_APPS_UNSUPPORTED,
    );
    expect(query).not.toHaveBeenCalled();
    await expect(otherAppVersion({ host: 'finance', appVersion: '8.49.0' }, query)).resolves.toBe(
      '1.2.3',
    );
    const failing = async () => Promise.reject(new Error('no bridge'));
    await expect(otherAppVersion({ host: 'wallet', appVersion: '6.50.0' }, failing)).resolves.toBe(
      QUERY_OTHER_APPS_UNSUPPORTED,
    );
  });
});
