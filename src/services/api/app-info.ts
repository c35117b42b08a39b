/**
 * The seven app fields of the common params (spec §3) from what an app reports. Its own module:
 * only visits inside the provider's apps load it (src/app/browser-services.ts).
 */
import type { DeviceInfo, Environment } from '../types';
import type { AppInfo } from './common-params';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function textOrNumber(value: unknown): string | number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : text(value);
}

/**
 * spec §3: the seven app fields sent inside the apps (app id, oaid, regId, app, versionCode,
 * versionName, sdkVersionCode). `app` is the host app we detected; the others are what the app
 * reports about itself in the bridge's device info (our reading: the spec names no other source),
 * its version name falling back to the one of the user agent. Fields the app leaves out are not
 * sent.
 */
export function appInfoOf(env: Environment, device: DeviceInfo): AppInfo {
  const reported = device as Record<string, unknown>;
  const info: AppInfo = { app: env.host };
  const fields: [keyof AppInfo, string | number | undefined][] = [
    ['appId', text(reported.appId)],
    ['oaid', text(reported.oaid)],
    ['regId', text(reported.regId)],
    ['versionCode', textOrNumber(reported.versionCode ?? device.appVersionCode)],
    [
      'versionName',
      text(reported.versionName ?? device.appVersionName) ?? env.appVersion ?? undefined,
    ],
    ['sdkVersionCode', textOrNumber(reported.sdkVersionCode)],
  ];
  for (const [key, value] of fields) {
    if (value !== undefined) Object.assign(info, { [key]: value });
  }
  return info;
}
