/**
 * Decides what an activity's open-app fields ask for (spec §3: openAppNeed, openAppWay,
 * openAppToast, activityConfig.openApp.openFailUrl; §4: the wallet variants' single check after
 * the jump). The open-app bar (widgets/open-app-bar) runs the plan through the openApp action.
 */
import { OPEN_APP_NEED_REQUIRED, OPEN_APP_WAY_WALLET } from '../../spec/constants';
import type { HostApp } from '../types';
import { appWebViewLink, type ProviderApp } from './app-links';

/** The activity fields this helper reads; values arrive as numbers or numeric strings. */
export interface OpenAppActivity {
  openAppNeed?: unknown;
  openAppWay?: unknown;
  openAppToast?: unknown;
  /** JSON string (spec §3) holding openApp.openFailUrl among others, or that string parsed. */
  activityConfig?: unknown;
}

export type OpenAppPlan =
  | { action: 'none'; reason: 'not-needed' | 'already-in-app' }
  | {
      action: 'open';
      app: ProviderApp;
      target: string;
      /** spec §4: wallet variants use the single wallet-app check after the jump. */
      check: 'poll' | 'wallet';
      toast: string | null;
      failUrl: string | null;
    };

function asNumber(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function parsed(activityConfig: unknown): unknown {
  if (typeof activityConfig !== 'string') return activityConfig;
  try {
    return JSON.parse(activityConfig);
  } catch {
    return null;
  }
}

/**
 * activityConfig.openApp.openFailUrl (the JSON string, or the object the page parsed it into),
 * or null when absent or the JSON is broken. The caller still checks the address before use.
 */
export function openFailUrlOf(activityConfig: unknown): string | null {
  const config = parsed(activityConfig);
  if (typeof config !== 'object' || config === null) return null;
  const openApp: unknown = Reflect.get(config, 'openApp');
  if (typeof openApp !== 'object' || openApp === null) return null;
  return nonEmpty(Reflect.get(openApp, 'openFailUrl'));
}

/**
 * Which app the activity wants: openAppWay 2 is the wallet app and 3 the payments app (our
 * reading of spec §3 "2 or 3 = wallet app variants"); anything else the finance app.
 */
function appFor(way: number | null): ProviderApp {
  if (way === OPEN_APP_WAY_WALLET[0]) return 'wallet';
  if (way === OPEN_APP_WAY_WALLET[1]) return 'payments';
  return 'finance';
}

export function planOpenApp(
  activity: OpenAppActivity,
  context: { pageUrl: string; host: HostApp },
): OpenAppPlan {
  if (asNumber(activity.openAppNeed) !== OPEN_APP_NEED_REQUIRED) {
    return { action: 'none', reason: 'not-needed' };
  }
  const way = asNumber(activity.openAppWay);
  const app = appFor(way);
  if (context.host === app) return { action: 'none', reason: 'already-in-app' };
  const isWallet = OPEN_APP_WAY_WALLET.some((w) => w === way);
  return {
    action: 'open',
    app,
    target: appWebViewLink(app, context.pageUrl),
    check: isWallet ? 'wallet' : 'poll',
    toast: nonEmpty(activity.openAppToast),
    failUrl: openFailUrlOf(activity.activityConfig),
  };
}
