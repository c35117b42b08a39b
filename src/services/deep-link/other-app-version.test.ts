import { describe, expect, it, vi } from 'vitest';
import { buildUserExtra } from '../api/common-params';
import { browserEnvironment } from '../../../tests/support/fake-services';
import { QUERY_OTHER_APPS_UNSUPPORTED } from '../../spec/constants';
import { OTHER_APP_PACKAGES, queryOtherAppVersions } from './other-app-version';

const DOUYIN = 'com.ss.android.ugc.aweme';

function bridge(answer: () => Promise<Record<string, string | null>>) {
  return { appVersions: vi.fn(answer) };
}

describe('other apps’ versions for userExtra (spec §3, §5)', () => {
  it("below the gate (finance 8.49.0, wallet 6.49.0) every app is 'not supported', and the app is not asked", async () => {
    const b = bridge(async () => ({ [DOUYIN]: '30.1.0' }));
    for (const env of [
      { host: 'finance', appVersion: '8.48.9' },
      { host: 'wallet', appVersion: '6.48.0' },
      { host: 'browser', appVersion: null },
    ] as const) {
      const versions = await queryOtherAppVersions(env, b);
      expect(Object.values(versions)).toEqual(
        OTHER_APP_PACKAGES.map(() => QUERY_OTHER_APPS_UNSUPPORTED),
      );
    }
    expect(b.appVersions).not.toHaveBeenCalled();
  });

  it('at the gate, asks for the known packages and reports what the app answered', async () => {
    const b = bridge(async () => ({ [DOUYIN]: '30.1.0' }));
    const versions = await queryOtherAppVersions({ host: 'wallet', appVersion: '6.49.0' }, b);
    expect(b.appVersions).toHaveBeenCalledWith(OTHER_APP_PACKAGES);
    expect(versions[DOUYIN]).toBe('30.1.0');
    expect(versions['com.youku.phone']).toBeNull();
    expect(Object.keys(versions)).toEqual([...OTHER_APP_PACKAGES]);
  });

  it("a failed question reads 'not supported'", async () => {
    const b = bridge(() => Promise.reject(new Error('timeout')));
    const versions = await queryOtherAppVersions({ host: 'finance', appVersion: '8.50.0' }, b);
    expect(versions[DOUYIN]).toBe(QUERY_OTHER_APPS_UNSUPPORTED);
  });

  it('lands in userExtra next to platformType (not installed: empty)', async () => {
    const env = { ...browserEnvironment, host: 'finance', appVersion: '8.80.0' } as const;
    const versions = await queryOtherAppVersions(
      env,
      bridge(async () => ({ [DOUYIN]: '30.1.0' })),
    );
    const extra = JSON.parse(buildUserExtra(env, versions)) as Record<string, unknown>;
    expect(extra).toMatchObject({ platformType: env.platformType, [DOUYIN]: '30.1.0' });
    expect(extra['com.youku.phone']).toBe('');
  });
});
