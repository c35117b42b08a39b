import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Environment, HostApp } from './environment';
import { detectEnvironment } from './detect';
import { PROVIDER_APP_UA_TOKENS } from './ua-tokens';

// Read at run time, never copied into the repo (/work/shared/corpora/SOURCES.md).
const CORPUS_PATH = '/work/shared/corpora/ua/real-user-agents.json';
const corpusPresent = existsSync(CORPUS_PATH);
if (!corpusPresent) console.warn(`UA corpus missing at ${CORPUS_PATH}: corpus tests skipped`);

type Corpus = Record<string, { ua: string; source: string }[]>;
const corpus: Corpus = corpusPresent
  ? (JSON.parse(readFileSync(CORPUS_PATH, 'utf8')) as Corpus)
  : {};

/** What each corpus label must be classified as. */
const EXPECTED_HOST = new Map<string, HostApp>([
  ['wechat', 'wechat'],
  ['qq', 'qq'],
  ['weibo', 'weibo'],
  // WeCom is WeChat's enterprise edition (same token, same scheme blocking): WeChat.
  ['wecom', 'wechat'],
  // DingTalk is a third-party app we have no integration with: an ordinary browser.
  ['dingtalk', 'browser'],
  ['miui-browser', 'browser'],
  ['plain-mobile-browser', 'browser'],
  ['xiaomi-device-other-browser', 'browser'],
]);

const MIUI_UA =
  'Mozilla/5.0 (Linux; U; Android 14; zh-cn; 2311BPN23C Build/UKQ1.230804.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.118 Mobile Safari/537.36 XiaoMi/MiuiBrowser/18.4.410719';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; PHF110 Build/RKQ1.211119.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20231202 MMWEBID/4213 MicroMessenger/8.0.46.2540(0x28002E3C) WeChat/arm64 Weixin NetType/5G Language/zh_CN ABI/arm64';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe.skipIf(!corpusPresent)('detectEnvironment over the real UA corpus', () => {
  it('knows every label of the corpus', () => {
    expect(Object.keys(corpus).filter((label) => !EXPECTED_HOST.has(label))).toEqual([]);
  });

  it('classifies every row as its label says', () => {
    // A few strings sit under two labels (e.g. a QQ UA that also carries MicroMessenger is filed
    // under both 'qq' and 'wechat'); such a row is right when it matches either label.
    const labelsOf = new Map<string, Set<string>>();
    for (const [label, rows] of Object.entries(corpus)) {
      for (const { ua } of rows) labelsOf.set(ua, (labelsOf.get(ua) ?? new Set()).add(label));
    }
    const wrong: string[] = [];
    for (const [ua, labels] of labelsOf) {
      const host = detectEnvironment(ua).host;
      const allowed = [...labels].map((label) => EXPECTED_HOST.get(label));
      if (!allowed.includes(host)) wrong.push(`${[...labels].join('|')} → ${host}: ${ua}`);
    }
    expect(labelsOf.size).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  });

  it('never takes an ordinary browser for one of the provider apps', () => {
    const ordinary = [
      ...(corpus['plain-mobile-browser'] ?? []),
      ...(corpus['miui-browser'] ?? []),
      ...(corpus['xiaomi-device-other-browser'] ?? []),
    ];
    expect(ordinary.length).toBeGreaterThan(0);
    for (const { ua } of ordinary) {
      const env = detectEnvironment(ua);
      expect(env.inProviderApp, ua).toBe(false);
      expect(env.inMessagingApp, ua).toBe(false);
      expect([env.deviceType, env.visitEnvironment], ua).toEqual([0, 1]);
    }
  });

  it('flags the messaging apps', () => {
    for (const label of ['wechat', 'wecom', 'qq', 'weibo']) {
      for (const { ua } of corpus[label] ?? []) {
        const env = detectEnvironment(ua);
        expect(env.inMessagingApp, ua).toBe(true);
        expect(env.visitEnvironment, ua).toBe(1);
      }
    }
  });

  it("recognises the maker's own phones in other browsers (platformType 1)", () => {
    const misses = (corpus['xiaomi-device-other-browser'] ?? [])
      .map(({ ua }) => ({ ua, env: detectEnvironment(ua) }))
      .filter(({ env }) => !env.ownBrand || env.platformType !== 1 || env.brand !== 'xiaomi');
    expect(misses.map(({ ua }) => ua)).toEqual([]);
  });

  it('does not take other brands running the Mi browser for own-brand phones', () => {
    const others = (corpus['miui-browser'] ?? []).filter(({ ua }) =>
      /Infinix|Doogee|Lenovo|HUAWEI P7|Nomi/.test(ua),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const { ua } of others) expect(detectEnvironment(ua).ownBrand, ua).toBe(false);
  });
});

describe('detectEnvironment with the provider app tokens (ua-tokens.ts)', () => {
  const cases: [HostApp, Partial<Environment>][] = [
    ['finance', { deviceType: 1, appType: 2 }],
    ['wallet', { deviceType: 2, appType: 6 }],
    ['payments', { deviceType: 2, appType: 6 }],
    ['video', { deviceType: 0, appType: 1 }],
    ['shop', { deviceType: 0, appType: 1 }],
  ];
  for (const [app, expected] of cases) {
    it(`detects the ${app} app from a real MIUI UA plus its token`, () => {
      const token = PROVIDER_APP_UA_TOKENS.find((t) => t.app === app)?.token;
      const env = detectEnvironment(`${MIUI_UA} ${token}/8.73.1`);
      expect(env).toMatchObject({
        host: app,
        appVersion: '8.73.1',
        inProviderApp: true,
        inMessagingApp: false,
        visitEnvironment: 2,
        os: 'android',
        system: 1,
        ownBrand: true,
        platformType: 1,
        ...expected,
      });
    });
  }

  it('lets the provider app win over a messaging token in the same UA', () => {
    expect(detectEnvironment(`${WECHAT_UA} MiuiFinance/8.80.0`).host).toBe('finance');
  });

  it('requires a whole product token', () => {
    expect(detectEnvironment(`${MIUI_UA} NotMiPay/6.75.0`).host).toBe('browser');
    expect(detectEnvironment(`${MIUI_UA} MiPayX/6.75.0`).host).toBe('browser');
    expect(detectEnvironment(`${MIUI_UA} MiPay/`).host).toBe('browser');
  });

  it('takes the app from the bridge when the UA carries no token (fake bridge preview)', () => {
    const env = detectEnvironment(DESKTOP_UA, { app: 'wallet', appVersion: '6.80.0', nfc: true });
    expect(env).toMatchObject({ host: 'wallet', appVersion: '6.80.0', deviceType: 2, nfc: true });
  });

  it('ignores a bridge app version outside the apps', () => {
    expect(detectEnvironment(WECHAT_UA, { appVersion: '1.0.0' }).appVersion).toBeNull();
  });
});

describe('detectEnvironment enumerations (spec §3)', () => {
  it('iOS', () => {
    expect(detectEnvironment(IPHONE_UA)).toMatchObject({
      os: 'ios',
      osVersion: '17.3.1',
      brand: 'apple',
      platformType: 3,
      system: 2,
      isMobile: true,
      deviceType: 0,
      appType: 0,
      visitEnvironment: 1,
    });
  });

  it('other Android', () => {
    expect(detectEnvironment(WECHAT_UA)).toMatchObject({ platformType: 2, osVersion: '13' });
  });

  it('desktop', () => {
    expect(detectEnvironment(DESKTOP_UA)).toMatchObject({
      os: 'other',
      platformType: 4,
      system: 0,
      isMobile: false,
    });
  });

  it('other mobile', () => {
    const kaios = 'Mozilla/5.0 (Mobile; Nokia_8110_4G; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5';
    expect(detectEnvironment(kaios)).toMatchObject({
      os: 'other',
      platformType: 5,
      isMobile: true,
    });
  });

  it('reads NFC from the bridge only', () => {
    expect(detectEnvironment(MIUI_UA).nfc).toBe(false);
    expect(detectEnvironment(MIUI_UA, { nfc: true }).nfc).toBe(true);
  });
});
