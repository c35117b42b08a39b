import { afterEach, describe, expect, it } from 'vitest';
import { detectEnvironment } from '../../contracts/env/detect';
import {
  NO_OVERRIDES,
  hasOverrideParams,
  normalizePreviewDate,
  overridesFromQuery,
  parseStoredOverrides,
  previewClockOffset,
  previewUserAgent,
  serializeOverrides,
  shiftServerTimes,
  withOverrides,
} from './overrides';

const q = (search: string) => new URLSearchParams(search);
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('overridesFromQuery (the address → what the page is told)', () => {
  it('reads nothing from an ordinary address', () => {
    expect(overridesFromQuery(q('?from=push'))).toEqual(NO_OVERRIDES);
    expect(hasOverrideParams(q('?from=push'))).toBe(false);
  });

  it('reads the app from fakeBridge (Finance, Wallet) or fakeHost (WeChat), with a version for the apps only', () => {
    expect(overridesFromQuery(q('?fakeBridge=finance&fakeBridgeVersion=8.73.0'))).toEqual({
      app: 'finance',
      appVersion: '8.73.0',
      date: null,
    });
    expect(overridesFromQuery(q('?fakeBridge=wallet'))).toEqual({
      app: 'wallet',
      appVersion: null,
      date: null,
    });
    expect(overridesFromQuery(q('?fakeHost=wechat&fakeBridgeVersion=8.0.0'))).toEqual({
      app: 'wechat',
      appVersion: null,
      date: null,
    });
  });

  it('ignores what it does not know or cannot read', () => {
    expect(overridesFromQuery(q('?fakeHost=qq&fakeBridgeVersion=8.73.0'))).toEqual(NO_OVERRIDES);
    expect(overridesFromQuery(q('?fakeBridge=finance&fakeBridgeVersion=latest')).appVersion).toBe(
      null,
    );
    expect(overridesFromQuery(q('?fakeDate=2026-02-30')).date).toBe(null);
    expect(overridesFromQuery(q('?fakeDate=tomorrow')).date).toBe(null);
  });

  it('takes a date with or without a time (a bare date is its midnight)', () => {
    expect(overridesFromQuery(q('?fakeDate=2026-03-01')).date).toBe('2026-03-01T00:00');
    expect(overridesFromQuery(q('?fakeDate=2026-03-01T09:30')).date).toBe('2026-03-01T09:30');
    expect(normalizePreviewDate('2026-03-01T24:00')).toBe(null);
    expect(normalizePreviewDate('2028-02-29')).toBe('2028-02-29T00:00');
  });
});

describe('withOverrides (what the bar puts in the address)', () => {
  it('writes the overrides over earlier ones and keeps the page’s own parameters', () => {
    const href = withOverrides(
      'http://localhost:5173/mp/activity/luckDraw?from=push&fakeHost=wechat&fakeDate=2026-01-01T00:00',
      { app: 'finance', appVersion: '8.73.0', date: '2026-03-01T10:00' },
    );
    const url = new URL(href);
    expect(url.pathname).toBe('/mp/activity/luckDraw');
    expect([...url.searchParams]).toEqual([
      ['from', 'push'],
      ['fakeBridge', 'finance'],
      ['fakeBridgeVersion', '8.73.0'],
      ['fakeDate', '2026-03-01T10:00'],
    ]);
    expect(overridesFromQuery(url.searchParams)).toEqual({
      app: 'finance',
      appVersion: '8.73.0',
      date: '2026-03-01T10:00',
    });
  });

  it('removes every override for the plain browser on the real date', () => {
    expect(withOverrides('http://h/mp/activity/x?fakeHost=wechat&a=1', NO_OVERRIDES)).toBe(
      'http://h/mp/activity/x?a=1',
    );
  });
});

describe('previewUserAgent (WeChat is a user-agent token)', () => {
  it('makes the environment detection see WeChat on the same device', () => {
    const env = detectEnvironment(previewUserAgent(PIXEL, { ...NO_OVERRIDES, app: 'wechat' }));
    expect(env.host).toBe('wechat');
    expect(env.inMessagingApp).toBe(true);
    expect(env.os).toBe('android');
  });

  it('leaves the user agent alone for the other apps and for a real WeChat', () => {
    expect(previewUserAgent(PIXEL, { ...NO_OVERRIDES, app: 'finance' })).toBe(PIXEL);
    const wechat = `${PIXEL} MicroMessenger/8.0.1`;
    expect(previewUserAgent(wechat, { ...NO_OVERRIDES, app: 'wechat' })).toBe(wechat);
  });
});

describe('fakeDate is China time unless it names its offset (issue 34; src/spec/campaign-time.ts)', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads a date without offset as China time, not the browser’s zone', () => {
    // An operator in New York (or a CI machine on UTC) previews the same instant as one in Beijing.
    for (const tz of ['America/New_York', 'UTC', 'Asia/Shanghai']) {
      process.env.TZ = tz;
      expect(normalizePreviewDate('2026-04-10T10:00')).toBe('2026-04-10T10:00');
      expect(previewClockOffset({ ...NO_OVERRIDES, date: '2026-04-10T10:00' }, 0), `TZ=${tz}`).toBe(
        Date.parse('2026-04-10T10:00:00+08:00'),
      );
    }
  });

  it('honours an offset, and writes the instant back in China time', () => {
    expect(normalizePreviewDate('2026-04-10T10:00+08:00')).toBe('2026-04-10T10:00');
    expect(normalizePreviewDate('2026-04-10T02:00Z')).toBe('2026-04-10T10:00');
    expect(normalizePreviewDate('2026-04-09T22:00-04:00')).toBe('2026-04-10T10:00');
    expect(overridesFromQuery(q('?fakeDate=2026-04-10T10%3A00%2B08%3A00')).date).toBe(
      '2026-04-10T10:00',
    );
    // The `+` of an offset typed into an address arrives as a space: still that offset.
    expect(overridesFromQuery(q('?fakeDate=2026-04-10T10:00+08:00')).date).toBe('2026-04-10T10:00');
    expect(overridesFromQuery(q('?fakeDate=2026-04-10T10:00-05:00')).date).toBe('2026-04-10T23:00');
  });
});

describe('the date override', () => {
  it('moves the clock to the chosen China time from the moment the page loads', () => {
    const realNow = Date.parse('2026-01-15T12:00:00+08:00');
    const offset = previewClockOffset({ ...NO_OVERRIDES, date: '2026-03-01T10:00' }, realNow);
    expect(realNow + (offset ?? 0)).toBe(Date.parse('2026-03-01T10:00:00+08:00'));
    expect(previewClockOffset(NO_OVERRIDES, realNow)).toBe(null);
  });

  it("moves the server's serverTime by as much, at any depth, and nothing else", () => {
    const answer = {
      code: 0,
      result: { serverTime: 1_000, startTime: 500, list: [{ serverTime: 2_000, id: 7 }] },
      serverTime: '3000',
    };
    expect(shiftServerTimes(answer, 100)).toEqual({
      code: 0,
      result: { serverTime: 1_100, startTime: 500, list: [{ serverTime: 2_100, id: 7 }] },
      serverTime: '3000',
    });
  });
});

describe('what the tab remembers', () => {
  it('round-trips and re-checks what it reads back', () => {
    const overrides = { app: 'wallet', appVersion: '6.80.0', date: '2026-03-01T10:00' } as const;
    expect(parseStoredOverrides(serializeOverrides(overrides))).toEqual(overrides);
    expect(parseStoredOverrides('{"app":"evil","appVersion":"<b>","date":"x"}')).toEqual(
      NO_OVERRIDES,
    );
    expect(parseStoredOverrides('not json')).toBe(null);
    expect(parseStoredOverrides(null)).toBe(null);
  });
});
