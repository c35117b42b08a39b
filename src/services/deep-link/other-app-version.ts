/**
 * spec §3, §5: the other apps' versions that userExtra carries. The host app is asked only at or
 * above the §5 gate (finance 8.49.0, wallet 6.49.0: env/version-gates.ts); below it, and when the
 * question fails, every known app reads 'not supported'. Asked once per page load.
 */
import { KNOWN_PARTNER_PACKAGES, QUERY_OTHER_APPS_UNSUPPORTED } from '../../spec/constants';
import { canQueryOtherApps } from '../../contracts/env/version-gates';
import type { Environment, NativeBridge } from '../types';

/** The packages whose versions userExtra reports (spec §3 "known package names"). */
export const OTHER_APP_PACKAGES: readonly string[] = KNOWN_PARTNER_PACKAGES;

/** Version per package: the installed version, null when not installed, or 'not supported'. */
export type OtherAppVersions = Record<string, string | null>;

function every(value: string | null): OtherAppVersions {
  return Object.fromEntries(OTHER_APP_PACKAGES.map((name) => [name, value]));
}

export async function queryOtherAppVersions(
  env: Pick<Environment, 'host' | 'appVersion'>,
  bridge: Pick<NativeBridge, 'appVersions'>,
): Promise<OtherAppVersions> {
  if (!canQueryOtherApps(env)) return every(QUERY_OTHER_APPS_UNSUPPORTED);
  try {
    const versions = await bridge.appVersions(OTHER_APP_PACKAGES);
    return Object.fromEntries(OTHER_APP_PACKAGES.map((name) => [name, versions[name] ?? null]));
  } catch {
    return every(QUERY_OTHER_APPS_UNSUPPORTED);
  }
}
