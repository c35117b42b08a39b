/**
 * The messaging app's JS-SDK script: the SDK vendor's published address. The share service loads
 * it (src/services/share/wechat-sdk-browser.ts) and the server's CSP script-src admits its origin
 * (server/src/static/security-headers.ts), so both read it here.
 */
export const WECHAT_SDK_SCRIPT_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
