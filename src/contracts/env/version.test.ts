import { describe, expect, it } from 'vitest';
import {
  NEW_DOMAIN_MIN_VERSION,
  QUERY_OTHER_APPS_MIN_VERSION,
  QUERY_OTHER_APPS_UNSUPPORTED,
} from '../../spec/constants';
import type { HostApp } from './environment';
import { compareVersions, meetsVersion } from './version';
import {
  canQueryOtherApps,
  otherAppVersionOrUnsupported,
  supportsNewDomain,
} from './version-gates';

/** One patch below a dotted version ('8.73.0' → '8.72.999'). */
function justBelow(version: string): string {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return `${major}.${minor - 1}.999`;
}

describe('compareVersions', () => {
  it('compares numerically, segment by segment', () => {
    expect(compareVersions('8.73.0', '8.9.0')).toBeGreaterThan(0);
    expect(compareVersions('8.73', '8.73.0')).toBe(0);
    expect(compareVersions('6.49.0', '6.49.1')).toBeLessThan(0);
    expect(compareVersions('14.38.0-gn', '14.38.0')).toBe(0);
    expect(compareVersions('v10.1', '10.0.9')).toBeGreaterThan(0);
  });
  it('sorts unparsable versions lowest', () => {
    expect(compareVersions('', '0.0.1')).toBeLessThan(0);
    expect(compareVersions('beta', 'beta')).toBe(0);
  });
});

describe('meetsVersion', () => {
  it('accepts the minimum and later, rejects earlier and missing', () => {
    expect(meetsVersion('8.73.0', '8.73.0')).toBe(true);
    expect(meetsVersion('8.74', '8.73.0')).toBe(true);
    expect(meetsVersion('8.72.9', '8.73.0')).toBe(false);
    expect(meetsVersion(null, '1.0.0')).toBe(false);
    expect(meetsVersion('garbage', '0.0.0')).toBe(false);
  });
});

const env = (host: HostApp, appVersion: string | null) => ({ host, appVersion });

describe('spec §5 version gates', () => {
  it('new domain: payments 6.73.0+, finance 8.73.0+, nothing else', () => {
    expect(supportsNewDomain(env('payments', NEW_DOMAIN_MIN_VERSION.payments))).toBe(true);
    expect(supportsNewDomain(env('payments', justBelow(NEW_DOMAIN_MIN_VERSION.payments)))).toBe(
      false,
    );
    expect(supportsNewDomain(env('finance', NEW_DOMAIN_MIN_VERSION.finance))).toBe(true);
    expect(supportsNewDomain(env('finance', justBelow(NEW_DOMAIN_MIN_VERSION.finance)))).toBe(
      false,
    );
    // The finance threshold is higher than the payments one: a 6.80 finance app is too old.
    expect(supportsNewDomain(env('finance', '6.80.0'))).toBe(false);
    expect(supportsNewDomain(env('wallet', '99.0.0'))).toBe(false);
    expect(supportsNewDomain(env('browser', null))).toBe(false);
  });

  it("querying other apps: finance 8.49.0+, wallet 6.49.0+, else 'not supported'", () => {
    expect(canQueryOtherApps(env('finance', QUERY_OTHER_APPS_MIN_VERSION.finance))).toBe(true);
    expect(canQueryOtherApps(env('finance', justBelow(QUERY_OTHER_APPS_MIN_VERSION.finance)))).toBe(
      false,
    );
    expect(canQueryOtherApps(env('wallet', QUERY_OTHER_APPS_MIN_VERSION.wallet))).toBe(true);
    expect(canQueryOtherApps(env('wallet', justBelow(QUERY_OTHER_APPS_MIN_VERSION.wallet)))).toBe(
      false,
    );
    expect(canQueryOtherApps(env('payments', '99.0.0'))).toBe(false);
    expect(otherAppVersionOrUnsupported(env('wallet', '6.40.0'), '1.2.3')).toBe(
      QUERY_OTHER_APPS_UNSUPPORTED,
    );
    expect(otherAppVersionOrUnsupported(env('wallet', '6.50.0'), '1.2.3')).toBe('1.2.3');
    expect(otherAppVersionOrUnsupported(env('wallet', '6.50.0'), null)).toBe('');
  });
});
