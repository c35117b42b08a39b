/**
 * Links that open one of our pages inside a provider app's web view. The spec (§3 openAppWay)
 * says which app but not the link format, so the formats are OURS, kept in this one place; the
 * schemes are on the allow-list (allow-list.ts).
 */
export type ProviderApp = 'finance' | 'wallet' | 'payments';

const WEB_VIEW_LINKS: Readonly<Record<ProviderApp, string>> = {
  finance: 'mifinance://browser',
  wallet: 'miwallet://browser',
  payments: 'mipay://browser',
};

/**
 * Each app's download page, where "open the app" goes when the app did not open and the page
 * names no download, store or fail page (spec §4's fall-back). Ours, on the provider's host.
 */
export const APP_DOWNLOAD_PAGES: Readonly<Record<ProviderApp, string>> = {
  finance: 'https://www.mi.com/finance/download',
  wallet: 'https://www.mi.com/wallet/download',
  payments: 'https://www.mi.com/pay/download',
};

export function appWebViewLink(app: ProviderApp, pageUrl: string): string {
  return `${WEB_VIEW_LINKS[app]}?url=${encodeURIComponent(pageUrl)}`;
}

/**
 * The messaging app's store page per OS, for the mini-program hand-off (spec §8). Ours: the
 * provider's store on Android, the App Store on iOS.
 */
export function messagingAppStoreUrl(os: 'android' | 'ios' | 'other'): string {
  return os === 'ios'
    ? 'itms-apps://apps.apple.com/app/id414478124'
    : 'mimarket://details?id=com.tencent.mm';
}
