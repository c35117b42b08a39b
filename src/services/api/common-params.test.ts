import { appInfoOf } from './app-info';
import { describe, expect, it } from 'vitest';
import { QUERY_OTHER_APPS_MIN_VERSION, QUERY_OTHER_APPS_UNSUPPORTED } from '../../spec/constants';
import { browserEnvironment } from '../../../tests/support/fake-services';
import type { Environment } from '../types';
import {
  buildBizStatusPayload,
  buildCommonParams,
  buildDispatchModuleParams,
  buildStatusDeviceInfo,
  buildUserExtra,
  firstDispatchModule,
  miuiRomType,
} from './common-params';

const financeApp: Environment = {
  ...browserEnvironment,
  host: 'finance',
  appVersion: QUERY_OTHER_APPS_MIN_VERSION.finance,
  ownBrand: true,
  platformType: 1,
  deviceType: 1,
  appType: 2,
  visitEnvironment: 2,
  inProviderApp: true,
  nfc: true,
};
const appInfo = {
  appId: 'id',
  oaid: 'o',
  regId: 'r',
  app: 'a',
  versionCode: 873,
  versionName: '8.73.0',
  sdkVersionCode: 3,
};

describe('appInfoOf: the seven in-app fields from what the app reports (spec §3)', () => {
  it('reads app id, oaid, regId, version code and name and SDK version from the device info', () => {
    const device = {
      appVersionName: '8.80.0',
      appVersionCode: 80800,
      appId: 'wallet-app',
      oaid: 'o-1',
      regId: 'r-1',
      sdkVersionCode: 34,
    };
    const info = appInfoOf(financeApp, device);
    expect(info).toEqual({
      app: 'finance',
      appId: 'wallet-app',
      oaid: 'o-1',
      regId: 'r-1',
      versionCode: 80800,
      versionName: '8.80.0',
      sdkVersionCode: 34,
    });
    const params = buildCommonParams({
      env: financeApp,
      query: new URLSearchParams(),
      appInfo: info,
    });
    expect(Object.keys(params)).toEqual(expect.arrayContaining(Object.keys(info)));
    expect(Object.keys(info)).toHaveLength(7);
  });

  it('sends only what the app reported, the version name falling back to the user agent', () => {
    // An empty app id and an oaid that is not text are as good as none.
    const reported = { deviceModel: 'X', appId: '', oaid: 42 };
    expect(appInfoOf(financeApp, reported)).toEqual({
      app: 'finance',
      versionName: QUERY_OTHER_APPS_MIN_VERSION.finance,
    });
    expect(appInfoOf({ ...financeApp, appVersion: null }, {})).toEqual({ app: 'finance' });
  });
});

describe('common request parameters (spec §3)', () => {
  it('in a browser: channel and shareCode from the query, no app fields', () => {
    const params = buildCommonParams({
      env: browserEnvironment,
      query: new URLSearchParams('from=spring&shareCode=S1'),
      appInfo,
    });
    expect(params).toEqual({
      isNfcPhone: 0,
      channel: 'spring',
      shareCode: 'S1',
      deviceType: 0,
      system: 1,
      visitEnvironment: 1,
      widgetsStatus: 0,
      userExtra: JSON.stringify({ platformType: 2 }),
    });
  });

  it('inside the apps: also the app fields', () => {
    const params = buildCommonParams({
      env: financeApp,
      query: new URLSearchParams(),
      appInfo,
      widgetsStatus: 1,
    });
    expect(params).toMatchObject({
      ...appInfo,
      isNfcPhone: 1,
      deviceType: 1,
      visitEnvironment: 2,
      widgetsStatus: 1,
    });
  });

  it('userExtra carries installed versions, or "not supported" on old apps', () => {
    expect(JSON.parse(buildUserExtra(financeApp, { video: '1.2.3' }))).toEqual({
      platformType: 1,
      video: '1.2.3',
    });
    const old = { ...financeApp, appVersion: '8.48.9' };
    expect(JSON.parse(buildUserExtra(old, { video: '1.2.3' }))).toEqual({
      platformType: 1,
      video: QUERY_OTHER_APPS_UNSUPPORTED,
    });
  });

  it('miuiRomType: OS version name upper-cased, else ANDROID / IOS / OTHER', () => {
    expect(miuiRomType('hyperos', 'android')).toBe('HYPEROS');
    expect(miuiRomType('', 'android')).toBe('ANDROID');
    expect(miuiRomType(undefined, 'ios')).toBe('IOS');
    expect(miuiRomType(null, 'other')).toBe('OTHER');
  });

  it('status device info adds location and ROM type', () => {
    expect(
      buildStatusDeviceInfo(
        financeApp,
        { deviceModel: 'M1', miuiRomType: 'miui14' },
        { longitude: 1.5, latitude: 2.5 },
      ),
    ).toEqual({ deviceModel: 'M1', miuiRomType: 'MIUI14', lo: 1.5, la: 2.5 });
  });

  it('bizStatus payload carries NFCQueryInfo, userExtra, longitude, latitude, isNfcPhone', () => {
    const common = buildCommonParams({ env: financeApp, query: new URLSearchParams() });
    const payload = buildBizStatusPayload({
      common,
      env: financeApp,
      device: {},
      location: { longitude: 116.4, latitude: 39.9 },
      nfcQueryInfo: { cards: 1 },
    });
    expect(payload).toMatchObject({
      NFCQueryInfo: '{"cards":1}',
      userExtra: common.userExtra,
      longitude: 116.4,
      latitude: 39.9,
      isNfcPhone: 1,
      miuiRomType: 'ANDROID',
    });
  });

  it('dispatch module: sends deviceType; uses the first element or {}', () => {
    const common = buildCommonParams({ env: financeApp, query: new URLSearchParams() });
    expect(buildDispatchModuleParams(common, financeApp).deviceType).toBe(1);
    expect(firstDispatchModule({ code: 0, value: [{ a: 1 }, { a: 2 }] })).toEqual({ a: 1 });
    expect(firstDispatchModule({ code: 0, value: [] })).toEqual({});
    expect(firstDispatchModule({ code: 0 })).toEqual({});
    expect(firstDispatchModule({ code: 0, result: [null] })).toEqual({});
  });
});
