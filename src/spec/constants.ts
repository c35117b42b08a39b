/**
 * Every number and fixed string of the specification (../shared/spec, mostly §9), in one place.
 * Code elsewhere imports these names; src/spec/constants.test.ts pins each value to the spec.
 */

/** spec §7, §9: client request timeout. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** spec §4, §9: script chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** spec §2, §9: the two toast variants. */
export const TOAST_DURATION_MS = 2_500;
export const TOAST_SHORT_DURATION_MS = 2_000;
/** spec §9: toasts stack from this z-index upward. */
export const TOAST_Z_INDEX_BASE = 2_000;
/** spec §2, §9: dialog buttons ignore repeated clicks within this window. */
export const DIALOG_BUTTON_DEBOUNCE_MS = 1_000;

/** spec §4, §9: deep-link check, page-hidden poll. */
export const DEEP_LINK_POLL_INTERVAL_MS = 50;
export const DEEP_LINK_POLL_COUNT = 40;
/** spec §4, §9: wallet-app check after a jump. */
export const WALLET_APP_CHECK_DELAY_MS = 2_000;
/** spec §4, §9: login check poll. */
export const LOGIN_POLL_INTERVAL_MS = 200;
export const LOGIN_POLL_COUNT = 15;
/** spec §2, §9: home scrolls to top this long after arrival. */
export const HOME_SCROLL_RESET_MS = 500;
/** spec §9: WeChat JS-SDK config is applied after this delay (800 ms in the helper variant). */
export const WECHAT_CONFIG_DELAY_MS = 400;
export const WECHAT_CONFIG_HELPER_DELAY_MS = 800;
/** spec §8: after 'please install the messaging app first', open the app-store page after this delay. */
export const MINI_PROGRAM_STORE_HANDOFF_MS = 1_500;
/**
 * OURS (the spec names the outcomes, not the codes): the bridge's launchMiniProgram answers 0 when
 * launched and MESSAGING_APP_MISSING when the messaging app is not installed (spec §8 row 16).
 */
export const MINI_PROGRAM_CODES = { launched: 0, messagingAppMissing: 2 } as const;

/** spec §9: local-storage wrapper default expiry, seconds (7 days). */
export const STORAGE_DEFAULT_EXPIRY_S = 604_800;
/** spec §9: cookie fallback storage lifetime, days. */
export const COOKIE_FALLBACK_DAYS = 30;

/** spec §5, §9: images. */
export const IMAGE_COMPRESS_DEFAULT_QUALITY = 75;
export const IMAGE_CDN_THUMBNAIL_QUALITY = 80;
export const SHARE_IMAGE_SCALE = 2;
export const INVALID_IMAGE_URL_MESSAGE = 'Invalid URL provided.';

/** spec §5, §9: QR code rendering. */
export const QR_MARGIN = 1;
export const QR_SCALE = 5;
export const QR_DARK_COLOR = '#000000';
export const QR_LIGHT_COLOR = '#ffffff';

/** spec §3, §9: default remaining chance and the gold-rice divisor (sum is in cents). */
export const DEFAULT_REMAINING_CHANCE = 1;
export const GOLD_RICE_DIVISOR = 100;
export const GOLD_RICE_DECIMALS = 2;

/** spec §9: fixed video welfare activity code. */
export const VIDEO_WELFARE_ACTIVITY_CODE = '2211-videoWelfare';

/** spec §5, §9: app version gates. */
export const NEW_DOMAIN_MIN_VERSION = { payments: '6.73.0', finance: '8.73.0' } as const;
export const QUERY_OTHER_APPS_MIN_VERSION = { finance: '8.49.0', wallet: '6.49.0' } as const;
export const QUERY_OTHER_APPS_UNSUPPORTED = 'not supported';

/**
 * spec §3: "known package names stored for video, shopping, reading, real-estate and short-video
 * apps". The spec names the categories, not the apps: the packages are OURS. The client sends
 * their installed versions in userExtra (§3, §5 gate): only these names ship to the browser.
 */
export const KNOWN_PARTNER_PACKAGES = [
  'com.youku.phone',
  'com.qiyi.video',
  'com.tencent.qqlive',
  'com.jingdong.app.mall',
  'com.taobao.taobao',
  'com.dragon.read',
  'com.lianjia.beike',
  'com.ss.android.ugc.aweme',
  'com.smile.gifmaker',
] as const;

/**
 * What the server tells of each known package (its store page, server/src/config/app-store.ts):
 * a record over KNOWN_PARTNER_PACKAGES, so a package added there without its entry here fails
 * the typecheck.
 */
export const KNOWN_PARTNER_APPS: Readonly<
  Record<
    (typeof KNOWN_PARTNER_PACKAGES)[number],
    { category: 'video' | 'shopping' | 'reading' | 'realEstate' | 'shortVideo'; name: string }
  >
> = {
  'com.youku.phone': { category: 'video', name: 'Youku' },
  'com.qiyi.video': { category: 'video', name: 'iQIYI' },
  'com.tencent.qqlive': { category: 'video', name: 'Tencent Video' },
  'com.jingdong.app.mall': { category: 'shopping', name: 'JD' },
  'com.taobao.taobao': { category: 'shopping', name: 'Taobao' },
  'com.dragon.read': { category: 'reading', name: 'Fanqie Novel' },
  'com.lianjia.beike': { category: 'realEstate', name: 'Beike' },
  'com.ss.android.ugc.aweme': { category: 'shortVideo', name: 'Douyin' },
  'com.smile.gifmaker': { category: 'shortVideo', name: 'Kuaishou' },
};

/** spec §2, §9: layout base widths and page width caps. */
export const LAYOUT_BASE_WIDTHS = { narrow: 375, medium: 392, wide: 1080 } as const;
export const LAYOUT_WIDTH_CAPS = { default: 414, wide: 420, medium: 392 } as const;

/** spec §9: holiday data default year; share bonus amount in the default share text. */
export const DEFAULT_HOLIDAY_YEAR = 2025;
export const SHARE_BONUS_AMOUNT = 4999;

/** spec §2, §9: /goldCloseBy lucky-draw ids. */
export const GOLD_CLOSE_BY_ID_M_HOST = 345;
export const GOLD_CLOSE_BY_ID_OTHER = 173;

/** spec §2: every route lives under this base path. */
export const BASE_PATH = '/mp/activity/';
export const NO_SERVICE_PATH = '/mp/activity/no-service';
export const API_BASE_PATH = '/mp/api/';

/** spec §4: success codes of the response envelope. */
export const ACTIVITY_INFO_SUCCESS_CODE = 1;
export const API_SUCCESS_CODE = 0;
export const UNAUTHORIZED_CODE = 401;
export const BAD_GATEWAY_STATUS = 502;
/** spec §8: body messages (with code 0) that mean the back end is unreachable. */
export const NO_SERVICE_BODY_MESSAGES = [
  "Couldn't find a valid connection endpoint for",
  'Items cannot be empty. Please check zookeeper node',
] as const;
/** spec §4: chunk failure names. */
export const CHUNK_LOAD_ERROR_NAME = 'ChunkLoadError';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** Server side: campaigns run on Beijing time (issue 4: sign-in once per day in Asia/Shanghai). */
export const CAMPAIGN_TIME_ZONE = 'Asia/Shanghai';
/** CAMPAIGN_TIME_ZONE's offset (China keeps no daylight saving): a campaign day's clock times. */
export const CAMPAIGN_UTC_OFFSET = '+08:00';

/**
 * spec §4: logged in = a user id cookie plus the service-token cookie of the host family.
 * The names are ours (the spec does not give them); client and reference server share these.
 * Hosts beginning 'm.' form one family, every other host the other (the same split as /goldCloseBy).
 */
export const USER_ID_COOKIES = ['userId', 'cUserId'] as const;
export const SERVICE_TOKEN_COOKIES = { mHost: 'mServiceToken', default: 'serviceToken' } as const;
/**
 * Ours (decision 0003): the service token is httpOnly, so the page checks this marker, set beside
 * it by the web sign-in, for the token's presence (spec §4). Same host families.
 */
export const SERVICE_TOKEN_MARKER_COOKIES = {
  mHost: 'mServiceTokenSet',
  default: 'serviceTokenSet',
} as const;
/** Header carrying the client's idempotency key on mutations (issue 4, issue 5). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/**
 * Ours (issue 34): the preview's date. `npm run preview` sends the page's clock (an ISO instant)
 * with every API call of a tab whose date is moved; a server started for the preview
 * (PREVIEW_CLOCK=1, never with NODE_ENV=production) runs that request on it. The answer names
 * the offset it applied in PREVIEW_CLOCK_HEADER (ms); servers that ignore the date do not.
 */
export const PREVIEW_NOW_HEADER = 'x-preview-now';
export const PREVIEW_CLOCK_HEADER = 'x-preview-clock-offset';
/** spec §7: track id query parameter added to every URL of our API. */
export const TRACK_ID_PARAM = 'tid';

/** spec §2: deep-link landing pages, outside the base path. */
export const DLINK_LANDING_PATH = '/activity/dlink';
export const DLINK_MIPAY_LANDING_PATH = '/activity/dlink-mipay';
/** Ours (the spec gives no bound): the largest timeout the dlink-mipay page accepts. */
export const DLINK_MAX_TIMEOUT_MS = 10_000;
/** spec §3: activity flags. openAppWay 2 or 3 are the wallet-app variants. */
export const OPEN_APP_NEED_REQUIRED = 1;
export const OPEN_APP_WAY_WALLET = [2, 3] as const;
export const CAN_SHARE_ALLOWED = 1;
export const SHARE_THIS_PAGE = 1;
export const SHARE_THIS_URL = 2;
/** spec §7: the messaging-app signature call succeeds with code 1. */
export const WECHAT_SIGNATURE_SUCCESS_CODE = 1;
/** spec §8: share error codes with their own message (other negative codes show as a toast). */
export const SHARE_ERROR_CODES = { parameter: -200, notInClient: -100, appMissing: 0 } as const;
/** spec §4: a share or an image save ends in one of these result events. */
export const SHARE_RESULT_EVENTS = [
  'success',
  'error',
  'save-image-success',
  'save-image-error',
] as const;
/** spec §2, §4: the web login entry; takes from, deepLinkEnable and requestUrl. */
export const WEB_LOGIN_PATH = '/mp/api/login';
/** Ours (issue 35): ends the web session (the token cookie is httpOnly, so only the server can). */
export const WEB_LOGOUT_PATH = '/mp/api/logout';
