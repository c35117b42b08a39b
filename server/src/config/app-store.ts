/**
 * Known partner apps (spec §3: "known package names stored for video, shopping, reading,
 * real-estate and short-video apps") and their store pages, for generalActivity/getAppStoreUrl.
 * The market: scheme opens the phone's own app store, so no store host is hard-coded here.
 */
import { KNOWN_PARTNER_APPS } from '../../../src/spec/constants';

export interface KnownApp {
  packageName: string;
  category: 'video' | 'shopping' | 'reading' | 'realEstate' | 'shortVideo' | 'payments';
  name: string;
}

export const KNOWN_APPS: readonly KnownApp[] = [
  // The partner apps, one list with the client (src/spec/constants.ts).
  ...Object.entries(KNOWN_PARTNER_APPS).map(([packageName, app]) => ({ packageName, ...app })),
  // Ours: the provider's payments app, the download fallback of /iframeMobilepay.
  { packageName: 'com.mipay.wallet', category: 'payments', name: 'Mi Pay' },
];

/** Store page of a package: the Android market: scheme understood by every store app. */
export function storeUrlOf(packageName: string): string {
  return `market://details?id=${encodeURIComponent(packageName)}`;
}
