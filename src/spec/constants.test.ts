import { describe, expect, it } from 'vitest';
import * as c from './constants';

// Each expectation restates the spec's number so a change to the constant fails here.
describe('spec constants', () => {
  it('§7/§9 timeouts', () => {
    expect(c.REQUEST_TIMEOUT_MS).toBe(10000);
    expect(c.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  });
  it('§2/§9 toasts and dialogs', () => {
    expect(c.TOAST_DURATION_MS).toBe(2500);
    expect(c.TOAST_SHORT_DURATION_MS).toBe(2000);
    expect(c.TOAST_Z_INDEX_BASE).toBe(2000);
    expect(c.DIALOG_BUTTON_DEBOUNCE_MS).toBe(1000);
  });
  it('§4/§9 polls and delays', () => {
    expect([c.DEEP_LINK_POLL_INTERVAL_MS, c.DEEP_LINK_POLL_COUNT]).toEqual([50, 40]);
    expect(c.WALLET_APP_CHECK_DELAY_MS).toBe(2000);
    expect([c.LOGIN_POLL_INTERVAL_MS, c.LOGIN_POLL_COUNT]).toEqual([200, 15]);
    expect(c.HOME_SCROLL_RESET_MS).toBe(500);
    expect([c.WECHAT_CONFIG_DELAY_MS, c.WECHAT_CONFIG_HELPER_DELAY_MS]).toEqual([400, 800]);
    expect(c.MINI_PROGRAM_STORE_HANDOFF_MS).toBe(1500);
  });
  it('§9 storage', () => {
    expect(c.STORAGE_DEFAULT_EXPIRY_S).toBe(604800);
    expect(c.COOKIE_FALLBACK_DAYS).toBe(30);
  });
  it('§5/§9 images and QR', () => {
    expect(c.IMAGE_COMPRESS_DEFAULT_QUALITY).toBe(75);
    expect(c.IMAGE_CDN_THUMBNAIL_QUALITY).toBe(80);
    expect(c.SHARE_IMAGE_SCALE).toBe(2);
    expect([c.QR_MARGIN, c.QR_SCALE]).toEqual([1, 5]);
    expect(c.INVALID_IMAGE_URL_MESSAGE).toBe('Invalid URL provided.');
  });
  it('§9 business values', () => {
    expect(c.DEFAULT_REMAINING_CHANCE).toBe(1);
    expect(c.GOLD_RICE_DIVISOR).toBe(100);
    expect(c.VIDEO_WELFARE_ACTIVITY_CODE).toBe('2211-videoWelfare');
    expect(c.NEW_DOMAIN_MIN_VERSION).toEqual({ payments: '6.73.0', finance: '8.73.0' });
    expect(c.QUERY_OTHER_APPS_MIN_VERSION).toEqual({ finance: '8.49.0', wallet: '6.49.0' });
    expect(c.LAYOUT_BASE_WIDTHS).toEqual({ narrow: 375, medium: 392, wide: 1080 });
    expect(c.LAYOUT_WIDTH_CAPS).toEqual({ default: 414, wide: 420, medium: 392 });
    expect(c.DEFAULT_HOLIDAY_YEAR).toBe(2025);
    expect(c.SHARE_BONUS_AMOUNT).toBe(4999);
    expect([c.GOLD_CLOSE_BY_ID_M_HOST, c.GOLD_CLOSE_BY_ID_OTHER]).toEqual([345, 173]);
  });
  it('§4/§8 response codes', () => {
    expect(c.ACTIVITY_INFO_SUCCESS_CODE).toBe(1);
    expect(c.API_SUCCESS_CODE).toBe(0);
    expect(c.BAD_GATEWAY_STATUS).toBe(502);
    expect(c.CHUNK_LOAD_ERROR_NAME).toBe('ChunkLoadError');
    expect(c.CSS_CHUNK_LOAD_FAILED).toBe('CSS_CHUNK_LOAD_FAILED');
  });
});

describe('spec constants: deep links and share', () => {
  it('§2 landing paths', () => {
    expect(c.DLINK_LANDING_PATH).toBe('/activity/dlink');
    expect(c.DLINK_MIPAY_LANDING_PATH).toBe('/activity/dlink-mipay');
    expect(c.DLINK_MAX_TIMEOUT_MS).toBe(10000);
  });
  it('§3 activity flags', () => {
    expect(c.OPEN_APP_NEED_REQUIRED).toBe(1);
    expect(c.OPEN_APP_WAY_WALLET).toEqual([2, 3]);
    expect([c.CAN_SHARE_ALLOWED, c.SHARE_THIS_PAGE, c.SHARE_THIS_URL]).toEqual([1, 1, 2]);
  });
  it('§7/§8 share codes', () => {
    expect(c.WECHAT_SIGNATURE_SUCCESS_CODE).toBe(1);
    expect(c.SHARE_ERROR_CODES).toEqual({ parameter: -200, notInClient: -100, appMissing: 0 });
  });
  it('§2/§4 web login path', () => {
    expect(c.WEB_LOGIN_PATH).toBe('/mp/api/login');
  });
});
