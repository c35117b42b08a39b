/**
 * Every user-agent token the environment detection relies on, in one place.
 *
 * OUR ASSUMPTION (not public, not in the spec): the provider's own apps append one product token
 * `<Token>/<version>` to their web view's user agent, for example
 *
 *   Mozilla/5.0 (Linux; U; Android 14; zh-cn; 23127PN0CC Build/UKQ1.230804.001) AppleWebKit/537.36
 *   (KHTML, like Gecko) Version/4.0 Chrome/118.0 Mobile Safari/537.36 XiaoMi/MiuiBrowser/18.4
 *   MiuiFinance/8.73.1
 *
 * If the apps' real tokens differ, change them here and nowhere else (the tests build their
 * examples from this table). A token only counts as a whole product token: `MiPay/6.75.0` must be
 * preceded by a space, `(` or `;` and followed by `/` and a digit, so `XiaoMi/MiuiBrowser/14.1`
 * is never taken for one of the apps.
 *
 * The messaging-app tokens are public and documented by those vendors.
 */
import type { HostApp } from './environment';

export type ProviderApp = 'finance' | 'wallet' | 'payments' | 'video' | 'shop';

/** Checked in this order; the first match decides. */
export const PROVIDER_APP_UA_TOKENS: readonly { app: ProviderApp; token: string }[] = [
  { app: 'finance', token: 'MiuiFinance' },
  { app: 'wallet', token: 'MiWallet' },
  { app: 'payments', token: 'MiPay' },
  { app: 'video', token: 'MiVideo' },
  { app: 'shop', token: 'MiShop' },
];

/**
 * Public tokens of the messaging apps' browsers, checked in this order after the provider's apps.
 * QQ comes first: the QQ app's UA can also carry MicroMessenger (seen in the corpus), while
 * WeChat's carries `MQQBrowser/` (the X5 engine) but never a standalone `QQ/<version>`.
 */
export const MESSAGING_APP_UA_PATTERNS: readonly {
  host: Extract<HostApp, 'qq' | 'wechat' | 'weibo'>;
  pattern: RegExp;
}[] = [
  { host: 'qq', pattern: /(?:^|[\s;(])QQ\/\d/ },
  { host: 'wechat', pattern: /MicroMessenger\//i },
  { host: 'weibo', pattern: /\bWeibo/i },
];

/*
 * WeCom (enterprise WeChat, `wxwork/`) carries `MicroMessenger/` and blocks app schemes the same
 * way, so it counts as WeChat (the public corpus labels it so too). DingTalk and other in-app
 * browsers carry none of these tokens and count as ordinary browsers.
 */

/**
 * Device models of the phone maker's own brands (Xiaomi, Redmi, POCO, and the model numbers they
 * use: `M2101K6G`, `2201117TG`, `25098PN5AC`, old `HM NOTE`), as they appear in the UA's
 * parenthesised device part. Plus the system tokens of its Android builds.
 */
export const OWN_BRAND_MODEL_PATTERNS: readonly RegExp[] = [
  /\bxiaomi/i,
  /\bredmi/i,
  /\bpoco/i,
  /\bHM[ _](?:NOTE|\d)/i,
  /\bMI(?:[ _-]?\d|[ _-](?:NOTE|MAX|MIX|PAD|PLAY|A\d|ONE|CC))/i,
  /\bMIX(?:[ _]\d|\b)/,
  /\bM\d{4}[A-Z]\d{1,2}[A-Z0-9]{1,5}\b/,
  /\bM2020\d{4}\b/,
  /\b2[0-9](?:0[1-9]|1[0-2])[0-9A-Z]{4,6}[A-Z]\b/,
];

export const OWN_BRAND_SYSTEM_PATTERNS: readonly RegExp[] = [/\bMIUI\b/i, /\bHyperOS\b/i];

/** Other brands recognised for `Environment.brand` (lower-case name → pattern). */
export const OTHER_BRAND_PATTERNS: readonly { brand: string; pattern: RegExp }[] = [
  { brand: 'apple', pattern: /\b(?:iPhone|iPad|iPod)\b/ },
  { brand: 'honor', pattern: /\bhonor/i },
  { brand: 'huawei', pattern: /\bhuawei/i },
  { brand: 'oppo', pattern: /\boppo\b/i },
  { brand: 'vivo', pattern: /\bvivo\b/i },
  { brand: 'oneplus', pattern: /\boneplus/i },
  { brand: 'samsung', pattern: /\b(?:samsung|SM-[A-Z]\d)/i },
];
