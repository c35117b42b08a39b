/**
 * Known partner apps (spec §3: "known package names stored for video, shopping, reading,
 * real-estate and short-video apps") and their store pages, for generalActivity/getAppStoreUrl.
 * The market: scheme opens the phone's own app store, so no store host is hard-coded here.
 */
export interface KnownApp {
  packageName: string;
  category: 'video' | 'shopping' | 'reading' | 'realEstate' | 'shortVideo' | 'payments';
  name: string;
}

export const KNOWN_APPS: readonly KnownApp[] = [
  { packageName: 'com.youku.phone', category: 'video', name: 'Youku' },
  { packageName: 'com.qiyi.video', category: 'video', name: 'iQIYI' },
  { packageName: 'com.tencent.qqlive', category: 'video', name: 'Tencent Video' },
  { packageName: 'com.jingdong.app.mall', category: 'shopping', name: 'JD' },
  { packageName: 'com.taobao.taobao', category: 'shopping', name: 'Taobao' },
  { packageName: 'com.dragon.read', category: 'reading', name: 'Fanqie Novel' },
  { packageName: 'com.lianjia.beike', category: 'realEstate', name: 'Beike' },
  { packageName: 'com.ss.android.ugc.aweme', category: 'shortVideo', name: 'Douyin' },
  { packageName: 'com.smile.gifmaker', category: 'shortVideo', name: 'Kuaishou' },
  // Ours: the provider's payments app, the download fallback of /iframeMobilepay.
  { packageName: 'com.mipay.wallet', category: 'payments', name: 'Mi Pay' },
];

/** Store page of a package: the Android market: scheme understood by every store app. */
export function storeUrlOf(packageName: string): string {
  return `market://details?id=${encodeURIComponent(packageName)}`;
}
