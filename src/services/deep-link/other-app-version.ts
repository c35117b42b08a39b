/**
 * spec §5: asking the host app for another app's version. The gate itself lives in
 * src/services/env/version-gates.ts; this wrapper makes sure the bridge is not asked at all below
 * the gate and that a failed query reads as 'not supported' too.
 */
import { QUERY_OTHER_APPS_UNSUPPORTED } from '../../spec/constants';
import { canQueryOtherApps } from '../env/version-gates';
import type { Environment } from '../types';

export async function queryOtherAppVersion(
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
