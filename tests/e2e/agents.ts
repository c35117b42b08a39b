import type { Page } from '@playwright/test';

/** User agents of the environments the journeys take (plain browser, WeChat, the finance app). */
export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export const WECHAT = `${ANDROID_CHROME} MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN`;
export const FINANCE_APP = `${ANDROID_CHROME} MiuiFinance/8.80.0`;

/** A stand-in for the messaging app's JS-SDK that records what the page configured. */
export const FAKE_WECHAT_SDK = `
window.__wx = { config: null, shares: [] };
const record = (channel) => (data) => window.__wx.shares.push({ channel, link: data.link, title: data.title });
window.wx = {
  config(c) { window.__wx.config = c; },
  ready(fn) { setTimeout(fn, 0); },
  error() {},
  onMenuShareAppMessage: record('wechat'),
  onMenuShareTimeline: record('timeline'),
  onMenuShareQQ: record('qq'),
  onMenuShareQZone: record('qzone'),
  updateAppMessageShareData: record('wechat'),
  updateTimelineShareData: record('timeline'),
};`;

export async function useAgent(page: Page, userAgent: string) {
  await page.setExtraHTTPHeaders({ 'user-agent': userAgent });
  await page.addInitScript(
    (ua) => Object.defineProperty(navigator, 'userAgent', { get: () => ua }),
    userAgent,
  );
}

/** The provider's download pages (off this machine), answered by the test. */
export async function stubDownloadPage(page: Page) {
  await page.route('https://www.mi.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>download</title><h1>下载钱包</h1>' }),
  );
}
