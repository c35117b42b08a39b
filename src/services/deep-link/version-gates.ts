/**
 * App-version gates (spec §5). The spec's "wallet" and "payments" apps share a version line
 * (6.x), so both hosts use the wallet/payments thresholds: an assumption, noted here.
 */
import {
  NEW_DOMAIN_MIN_VERSION,
  QUERY_OTHER_APPS_MIN_VERSION,
  QUERY_OTHER_APPS_UNSUPPORTED,
} from '../../spec/constants';
import type { Environment } from '../types';
import { isAtLeast } from './compare-versions';

/** spec §5: the new domain needs payments app 6.73.0+ or finance app 8.73.0+. */
export function supportsNewDomain(env: Pick<Environment, 'host' | 'appVersion'>): boolean {
  switch (env.host) {
    case 'finance':
      return isAtLeast(env.appVersion, NEW_DOMAIN_MIN_VERSION.finance);
    case 'payments':
    case 'wallet':
      return isAtLeast(env.appVersion, NEW_DOMAIN_MIN_VERSION.payments);
    default:
      return false;
  }
}

/** spec §5: querying other apps' versions needs finance 8.49.0+ or wallet 6.49.0+. */
export function canQueryOtherApps(env: Pick<Environment, 'host' | 'appVersion'>): boolean {
  switch (env.host) {
    case 'finance':
      return isAtLeast(env.appVersion, QUERY_OTHER_APPS_MIN_VERSION.finance);
    case 'payments':
    case 'wallet':
      return isAtLeast(env.appVersion, QUERY_OTHER_APPS_MIN_VERSION.wallet);
    default:
      return false;
  }
}

/**
 * Asks the host app for another app's version through `query` when the gate allows it; otherwise
 * (or when the query fails) the spec's 'not supported' value.
 */
export async function otherAppVersion(
  env: Pick<Environment, 'host' | 'appVersion'>,
  query: () => Promise<string>,
): Promise<string> {
  if (!canQueryOtherApps(env)) return QUERY_OTHER_APPS_UNSUPPORTED;
  try {
    return await query();
  } catch {
    return QUERY_OTHER_APPS_UNSUPPORTED;
  }
}
