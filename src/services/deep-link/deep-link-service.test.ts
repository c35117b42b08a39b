import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEEP_LINK_POLL_COUNT,
  DEEP_LINK_POLL_INTERVAL_MS,
  WALLET_APP_CHECK_DELAY_MS,
} from '../../spec/constants';
import { createFakeServices } from '../../../tests/support/fake-services';
import {
  createDeepLinkService,
  OPEN_APP_FALLBACK_NOTICE_MS,
  OPEN_APP_MESSAGES,
  OPEN_FAILED_MESSAGE,
} from './deep-link-service';

const POLL_WINDOW_MS = DEEP_LINK_POLL_INTERVAL_MS * DEEP_LINK_POLL_COUNT;

function setup(href = 'https://campaign.example/mp/activity/bank', withNotice = false) {
  const info = vi.fn();
  const services = createFakeServices({
    href,
    logger: { report: vi.fn(), track: vi.fn(), info },
  });
  const direct = { launch: vi.fn() };
  const fallback = { launch: vi.fn() };
  let hidden = false;
  const isHidden = vi.fn(() => hidden);
  const service = createDeepLinkService({
    clock: services.clock,
    navigation: services.navigation,
    logger: services.logger,
    directLauncher: direct,
    fallbackLauncher: fallback,
    isHidden,
    ...(withNotice ? { notify: (message: string) => services.ui.toast(message) } : {}),
  });
  return {
    service,
    services,
    direct,
    fallback,
    isHidden,
    info,
    hide: () => void (hidden = true),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('deep-link service', () => {
  it('refuses a bad target, launches nothing, logs the failure (spec §8)', async () => {
    const t = setup();
    await expect(t.service.open('javascript:alert(1)')).resolves.toBe('refused');
    expect(t.direct.launch).not.toHaveBeenCalled();
    expect(t.fallback.launch).not.toHaveBeenCalled();
    expect(t.info).toHaveBeenCalledWith(OPEN_FAILED_MESSAGE, expect.anything());
  });

  it('navigates to an allowed web page with the normalised URL', async () => {
    const t = setup();
    await expect(t.service.open('HTTPS://M.MI.COM/x')).resolves.toBe('opened');
    expect(t.services.record.navigations).toEqual([{ kind: 'assign', url: 'https://m.mi.com/x' }]);
  });

  it('sends the scheme directly on a provider host (spec §4), else through the quiet launcher', async () => {
    const onProvider = setup('https://m.mi.com/mp/activity/');
    onProvider.hide();
    const p1 = onProvider.service.open('mipay://home');
    await vi.advanceTimersByTimeAsync(DEEP_LINK_POLL_INTERVAL_MS);
    await expect(p1).resolves.toBe('opened');
    expect(onProvider.direct.launch).toHaveBeenCalledWith('mipay://home');
    expect(onProvider.fallback.launch).not.toHaveBeenCalled();

    const elsewhere = setup('https://mi.com.evil.net/');
    elsewhere.hide();
    const p2 = elsewhere.service.open('mipay://home');
    await vi.advanceTimersByTimeAsync(DEEP_LINK_POLL_INTERVAL_MS);
    await p2;
    expect(elsewhere.fallback.launch).toHaveBeenCalledWith('mipay://home');
    expect(elsewhere.direct.launch).not.toHaveBeenCalled();
  });

  it('resolves opened as soon as the page becomes hidden', async () => {
    const t = setup();
    const result = t.service.open('mifinance://home', { failUrl: 'https://m.mi.com/fail' });
    await vi.advanceTimersByTimeAsync(DEEP_LINK_POLL_INTERVAL_MS * 3);
    t.hide();
    await vi.advanceTimersByTimeAsync(DEEP_LINK_POLL_INTERVAL_MS);
    await expect(result).resolves.toBe('opened');
    expect(t.isHidden).toHaveBeenCalledTimes(4);
    expect(t.services.record.navigations).toEqual([]);
  });

  it('polls every 50 ms, 40 times, then falls back to the fail URL (spec §4)', async () => {
    const t = setup();
    const onResult = vi.fn();
    void t.service.open('mifinance://home', { failUrl: 'https://m.mi.com/fail' }).then(onResult);
    await vi.advanceTimersByTimeAsync(POLL_WINDOW_MS - 1);
    expect(onResult).not.toHaveBeenCalled();
    expect(t.isHidden).toHaveBeenCalledTimes(DEEP_LINK_POLL_COUNT - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(onResult).toHaveBeenCalledWith('fallback');
    expect(t.isHidden).toHaveBeenCalledTimes(DEEP_LINK_POLL_COUNT);
    expect(t.services.record.navigations).toEqual([
      { kind: 'assign', url: 'https://m.mi.com/fail' },
    ]);
    expect(t.info).toHaveBeenCalledWith(OPEN_FAILED_MESSAGE, expect.anything());
  });

  it('prefers the fail handler, then the download page, then the fail URL', async () => {
    const withHandler = setup();
    const onFail = vi.fn();
    const p1 = withHandler.service.open('mipay://x', {
      onFail,
      downloadUrl: 'https://m.mi.com/dl',
      failUrl: 'https://m.mi.com/fail',
    });
    await vi.advanceTimersByTimeAsync(POLL_WINDOW_MS);
    await p1;
    expect(onFail).toHaveBeenCalledOnce();
    expect(withHandler.services.record.navigations).toEqual([]);

    const withDownload = setup();
    const p2 = withDownload.service.open('mipay://x', {
      downloadUrl: 'mimarket://details?id=wallet',
      failUrl: 'https://m.mi.com/fail',
    });
    await vi.advanceTimersByTimeAsync(POLL_WINDOW_MS);
    await p2;
    expect(withDownload.services.record.navigations).toEqual([
      { kind: 'assign', url: 'mimarket://details?id=wallet' },
    ]);
  });

  it('issue 33: says why the page leaves, or that the app did not open when there is nowhere to go', async () => {
    const page = 'https://campaign.example/mp/activity/bank';
    const toDownload = setup(page, true);
    const p1 = toDownload.service.open('mipay://x', { downloadUrl: 'https://m.mi.com/dl' });
    await vi.advanceTimersByTimeAsync(POLL_WINDOW_MS);
    expect(toDownload.services.record.toasts).toEqual([{ text: OPEN_APP_MESSAGES.toDownload }]);
    // The message is read before the page leaves.
    expect(toDownload.services.record.navigations).toEqual([]);
    await vi.advanceTimersByTimeAsync(OPEN_APP_FALLBACK_NOTICE_MS);
    await p1;
    expect(toDownload.services.record.navigations).toEqual([
      { kind: 'assign', url: 'https://m.mi.com/dl' },
    ]);

    const toFail = setup(page, true);
    const p2 = toFail.service.open('mipay://x', { failUrl: 'https://m.mi.com/fail' });
    await vi.advanceTimersByTimeAsync(POLL_WINDOW_MS + OPEN_APP_FALLBACK_NOTICE_MS);
    await p2;
    expect(toFail.services.record.toasts).toEqual([{ text: OPEN_APP_MESSAGES.toFailPage }]);

    const nowhere = setup(page, true);
    const p3 = nowhere.service.open('mipay://x', { failUrl: 'javascript:alert(1)' });
    await vi.advanceTimersByTimeAsync(POLL_WINDOW_MS);
    await p3;
    expect(nowhere.services.record.navigations).toEqual([]);
    expect(nowhere.services.record.toasts).toEqual([{ text: OPEN_APP_MESSAGES.nowhere }]);
  });

  it('validates each fallback URL and skips a refused one', async () => {
    const t = setup();
    const p = t.service.open('mipay://x', {
      downloadUrl: 'https://evil.com/app.apk',
      failUrl: 'javascript:alert(1)',
    });
    await vi.advanceTimersByTimeAsync(POLL_WINDOW_MS);
    await expect(p).resolves.toBe('fallback');
    expect(t.services.record.navigations).toEqual([]);

    const u = setup();
    const q = u.service.open('mipay://x', {
      downloadUrl: 'data:text/html,x',
      failUrl: '/mp/activity/download',
    });
    await vi.advanceTimersByTimeAsync(POLL_WINDOW_MS);
    await q;
    expect(u.services.record.navigations).toEqual([
      { kind: 'assign', url: 'https://campaign.example/mp/activity/download' },
    ]);
  });

  it('wallet variant checks once, WALLET_APP_CHECK_DELAY_MS after the jump (spec §4)', async () => {
    const t = setup();
    const onResult = vi.fn();
    void t.service
      .open('miwallet://home', { check: 'wallet', failUrl: 'https://m.mi.com/f' })
      .then(onResult);
    await vi.advanceTimersByTimeAsync(WALLET_APP_CHECK_DELAY_MS - 1);
    expect(t.isHidden).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.isHidden).toHaveBeenCalledOnce();
    expect(onResult).toHaveBeenCalledWith('fallback');
  });

  it('a launcher that throws is reported and the flow still falls back', async () => {
    const t = setup();
    t.fallback.launch.mockImplementation(() => {
      throw new Error('blocked');
    });
    const p = t.service.open('mipay://x', { failUrl: 'https://m.mi.com/f' });
    await vi.advanceTimersByTimeAsync(POLL_WINDOW_MS);
    await expect(p).resolves.toBe('fallback');
    expect(t.services.logger.report).toHaveBeenCalled();
  });
});
