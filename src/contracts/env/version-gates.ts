/** spec §5: features that depend on the host app's version. */
import {
  NEW_DOMAIN_MIN_VERSION,
  QUERY_OTHER_APPS_MIN_VERSION,
  QUERY_OTHER_APPS_UNSUPPORTED,
} from '../../spec/constants';
import type { Environment } from './environment';
import { meetsVersion } from './version';

type GateEnv = Pick<Environment, 'host' | 'appVersion'>;

/** spec §5: the new domain needs payments app 6.73.0+ or finance app 8.73.0+. */
export function supportsNewDomain(env: GateEnv): boolean {
  if (env.host === 'payments') return meetsVersion(env.appVersion, NEW_DOMAIN_MIN_VERSION.payments);
  if (env.host === 'finance') return meetsVersion(env.appVersion, NEW_DOMAIN_MIN_VERSION.finance);
  return false;
}

/** spec §5: querying other apps' versions needs finance 8.49.0+ or wallet 6.49.0+. */
export function canQueryOtherApps(env: GateEnv): boolean {
  if (env.host === 'finance')
    return meetsVersion(env.appVersion, QUERY_OTHER_APPS_MIN_VERSION.finance);
  if (env.host === 'wallet')
    return meetsVersion(env.appVersion, QUERY_OTHER_APPS_MIN_VERSION.wallet);
  return false;
}

/**
 * spec §5: another app's installed version as reported, or 'not supported' when this host app
 * is too old (or not one that can ask). A missing report is passed on as an empty string.
 */
export function otherAppVersionOrUnsupported(env: GateEnv, reported: string | null): string {
  if (!canQueryOtherApps(env)) return QUERY_OTHER_APPS_UNSUPPORTED;
  return reported ?? '';
}
