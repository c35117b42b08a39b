/**
 * The navigation allow-list: which schemes and hosts a target may point at. The spec (§2, §4)
 * says pages hand users to the provider's native apps and that the provider has "its own host
 * list", but it names neither, so the lists below are OURS: an explicit, documented assumption
 * kept in this one file. validate-target.ts is the only reader; extend the lists here.
 */

/** Web schemes, accepted only for our own origin or a host in PROVIDER_HOST_SUFFIXES. */
export const WEB_SCHEMES: readonly string[] = ['http', 'https'];

/**
 * Native app schemes we hand users over to (spec §1: finance, wallet, payments, video, shop and
 * messaging apps; app stores for the download fallback). Assumed names, not from the spec.
 */
export const APP_SCHEMES: readonly string[] = [
  'mifinance', // the provider's finance app
  'miwallet', // the provider's wallet app
  'mipay', // the provider's payments app
  'mimarket', // the provider's app store (download fallback on the maker's phones)
  'market', // the Android app store intent scheme (download fallback on other Android phones)
  'itms-apps', // the iOS App Store (download fallback on iOS)
  'mivideo', // the provider's video app
  'mishop', // the provider's shop app
  'weixin', // the messaging app (mini-programs, share)
];

/**
 * Hosts of the provider and the app stores, as suffix rules: a rule matches the host itself or
 * any sub-domain at a dot boundary ('mi.com' matches 'm.mi.com', never 'evilmi.com' or
 * 'mi.com.evil.net'). Assumed names, not from the spec.
 */
export const PROVIDER_HOST_SUFFIXES: readonly string[] = [
  'mi.com',
  'xiaomi.com',
  'xiaomi.cn',
  'mipay.com',
  'apps.apple.com', // iOS App Store pages (download fallback)
];

/** True when `hostname` (already parsed and lower-cased by URL) is a provider host. */
export function isProviderHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return PROVIDER_HOST_SUFFIXES.some((rule) => host === rule || host.endsWith(`.${rule}`));
}

export function isAppScheme(scheme: string): boolean {
  return APP_SCHEMES.includes(scheme.toLowerCase());
}

export function isWebScheme(scheme: string): boolean {
  return WEB_SCHEMES.includes(scheme.toLowerCase());
}
