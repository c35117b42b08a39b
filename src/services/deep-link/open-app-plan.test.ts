import { describe, expect, it } from 'vitest';
import { openFailUrlOf, planOpenApp } from './open-app-plan';

const page = 'https://m.mi.com/mp/activity/bank?id=7';
const config = JSON.stringify({ openApp: { openFailUrl: 'https://m.mi.com/dl' } });

describe('planOpenApp (spec §3)', () => {
  it('does nothing unless openAppNeed is 1', () => {
    expect(planOpenApp({}, { pageUrl: page, host: 'browser' })).toEqual({
      action: 'none',
      reason: 'not-needed',
    });
    expect(planOpenApp({ openAppNeed: 0 }, { pageUrl: page, host: 'browser' }).action).toBe('none');
    expect(planOpenApp({ openAppNeed: '1' }, { pageUrl: page, host: 'browser' }).action).toBe(
      'open',
    );
  });

  it('openAppWay 2 and 3 open the wallet variants with the wallet check', () => {
    const two = planOpenApp({ openAppNeed: 1, openAppWay: 2 }, { pageUrl: page, host: 'browser' });
    expect(two).toMatchObject({ app: 'wallet', check: 'wallet' });
    const three = planOpenApp(
      { openAppNeed: 1, openAppWay: '3' },
      { pageUrl: page, host: 'browser' },
    );
    expect(three).toMatchObject({ app: 'payments', check: 'wallet' });
    const other = planOpenApp({ openAppNeed: 1, openAppWay: 1 }, { pageUrl: page, host: 'wechat' });
    expect(other).toMatchObject({ app: 'finance', check: 'poll' });
  });

  it('targets this page inside the app, with toast and fail URL from the activity', () => {
    const plan = planOpenApp(
      { openAppNeed: 1, openAppWay: 2, openAppToast: '正在打开钱包', activityConfig: config },
      { pageUrl: page, host: 'browser' },
    );
    expect(plan).toEqual({
      action: 'open',
      app: 'wallet',
      target: `miwallet://browser?url=${encodeURIComponent(page)}`,
      check: 'wallet',
      toast: '正在打开钱包',
      failUrl: 'https://m.mi.com/dl',
    });
  });

  it('skips when already inside the wanted app', () => {
    expect(
      planOpenApp({ openAppNeed: 1, openAppWay: 2 }, { pageUrl: page, host: 'wallet' }),
    ).toEqual({ action: 'none', reason: 'already-in-app' });
  });

  it('reads openFailUrl defensively', () => {
    expect(openFailUrlOf(config)).toBe('https://m.mi.com/dl');
    expect(openFailUrlOf('{broken')).toBeNull();
    expect(openFailUrlOf('null')).toBeNull();
    expect(openFailUrlOf(JSON.stringify({ openApp: { openFailUrl: '' } }))).toBeNull();
    expect(openFailUrlOf(undefined)).toBeNull();
    // The page hands over activityConfig already parsed (src/engine/page/activity-config.ts).
    expect(openFailUrlOf({ openApp: { openFailUrl: 'https://m.mi.com/dl' } })).toBe(
      'https://m.mi.com/dl',
    );
  });
});
