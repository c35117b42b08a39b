/**
 * spec §3: the request parameters the client adds to status and activity calls, and the
 * device info sent with status calls. Pure functions of what the caller read from the
 * environment, the page query and the bridge.
 */
import { otherAppVersionOrUnsupported } from '../../contracts/env/version-gates';
import type { ApiEnvelope, DeviceInfo, Environment } from '../types';

/** What the provider apps report about themselves (through the bridge). */
export interface AppInfo {
  appId?: string;
  oaid?: string;
  regId?: string;
  app?: string;
  versionCode?: string | number;
  versionName?: string;
  sdkVersionCode?: string | number;
}

export interface CommonParamsInput {
  env: Environment;
  /** The page's query (the 'from' and 'shareCode' parameters). */
  query: URLSearchParams;
  widgetsStatus?: string | number;
  /** Installed versions of other apps by key, as the bridge reported them (null: unknown). */
  installedAppVersions?: Record<string, string | null>;
  /** Only sent inside the provider's apps. */
  appInfo?: AppInfo;
}

export type CommonParams = Record<string, string | number>;

/** spec §3, §5: JSON with platformType and the installed apps' versions (or 'not supported'). */
export function buildUserExtra(
  env: Environment,
  installedAppVersions: Record<string, string | null> = {},
): string {
  const extra: Record<string, string | number> = { platformType: env.platformType };
  for (const [key, version] of Object.entries(installedAppVersions)) {
    extra[key] = otherAppVersionOrUnsupported(env, version);
  }
  return JSON.stringify(extra);
}

const APP_INFO_KEYS = [
  'appId',
  'oaid',
  'regId',
  'app',
  'versionCode',
  'versionName',
  'sdkVersionCode',
] as const satisfies readonly (keyof AppInfo)[];

export function buildCommonParams(input: CommonParamsInput): CommonParams {
  const { env, query } = input;
  const params: CommonParams = {
    isNfcPhone: env.nfc ? 1 : 0,
    channel: query.get('from') ?? '',
    shareCode: query.get('shareCode') ?? '',
    deviceType: env.deviceType,
    system: env.system,
    visitEnvironment: env.visitEnvironment,
    widgetsStatus: input.widgetsStatus ?? 0,
    userExtra: buildUserExtra(env, input.installedAppVersions),
  };
  // spec §3: inside the apps also app id, oaid, regId, app, versionCode, versionName, sdkVersionCode.
  if (env.inProviderApp && input.appInfo) {
    for (const key of APP_INFO_KEYS) {
      const value = input.appInfo[key];
      if (value !== undefined) params[key] = value;
    }
  }
  return params;
}

/** spec §3: the phone OS version name upper-cased, else ANDROID, IOS or OTHER. */
export function miuiRomType(
  osVersionName: string | null | undefined,
  os: Environment['os'],
): string {
  const name = osVersionName?.trim();
  if (name) return name.toUpperCase();
  if (os === 'android') return 'ANDROID';
  if (os === 'ios') return 'IOS';
  return 'OTHER';
}

/** spec §3: device info sent with status calls (bridge device info plus location and ROM type). */
export function buildStatusDeviceInfo(
  env: Environment,
  device: DeviceInfo,
  location: { longitude: number; latitude: number } | null,
): DeviceInfo {
  return {
    ...device,
    ...(location ? { lo: location.longitude, la: location.latitude } : {}),
    miuiRomType: miuiRomType(device.miuiRomType, env.os),
  };
}

/** spec §3, §7: the bizStatus / bizStatusList payload. */
export function buildBizStatusPayload(input: {
  common: CommonParams;
  env: Environment;
  device: DeviceInfo;
  location: { longitude: number; latitude: number } | null;
  nfcQueryInfo?: unknown;
}): Record<string, unknown> {
  const { common, env, location } = input;
  return {
    ...common,
    ...buildStatusDeviceInfo(env, input.device, location),
    NFCQueryInfo: input.nfcQueryInfo === undefined ? '' : JSON.stringify(input.nfcQueryInfo),
    userExtra: common.userExtra,
    longitude: location?.longitude ?? '',
    latitude: location?.latitude ?? '',
    isNfcPhone: env.nfc ? 1 : 0,
  };
}

/** spec §3: the dispatch-module call also sends deviceType. */
export function buildDispatchModuleParams(common: CommonParams, env: Environment): CommonParams {
  return { ...common, deviceType: env.deviceType };
}

/** spec §3: the dispatch-module response value is a list; only its first element is used. */
export function firstDispatchModule(envelope: ApiEnvelope): Record<string, unknown> {
  const list = envelope.value !== undefined ? envelope.value : envelope.result;
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  return typeof first === 'object' && first !== null && !Array.isArray(first)
    ? (first as Record<string, unknown>)
    : {};
}
