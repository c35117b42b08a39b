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

export function appWebViewLink(app: ProviderApp, pageUrl: string): string {
  return `${WEB_VIEW_LINKS[app]}?url=${encodeURIComponent(pageUrl)}`;
}
