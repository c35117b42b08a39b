/**
 * What only some actions need, and only when a visitor taps (issue 10): the share payload
 * (spec §3), the mini-program launch (spec §8), the confirm dialog (rare, and no tap's activation to keep) and
 * the gate an address off the site passes before the page leaves for it. A chunk of its own: it loads at the visitor's first intent
 * (./lazy-action-runtime.ts) or, failing that, when such an action runs; a page that opens a
 * dialog on load (/newYear) opens it without it.
 */
import { messagingAppStoreUrl } from '../../services/deep-link/app-links';
import { validateTarget } from '../../services/deep-link/validate-target';
import { launchMiniProgram } from '../../services/share/mini-program';
import { computeSharePayload, type ActivityShareFields } from '../../services/share/share-payload';
import type { Services } from '../../services/types';
import { interpolate } from '../bindings/interpolate';
import type { ActionHandler } from './dispatcher';

/** The bridge method that launches mini-programs (src/services/bridge/bridge-global.ts). */
const MINI_PROGRAM_BRIDGE_METHOD = 'launchMiniProgram';

export const share: ActionHandler<'share'> = async (action, context) => {
  const scope = context.scope();
  const href = context.services.navigation.href();
  const page = scope.page as
    | {
        title?: string;
        activityCode?: string;
        share?: { enabled?: boolean; title?: string; description?: string };
      }
    | undefined;
  const activity = scope.activity as ActivityShareFields | null | undefined;
  const routeTitle = page?.share?.title ?? page?.title;
  const routeDesc = page?.share?.description;
  // spec §3: the activity's share fields win over the route's share info.
  const base = computeSharePayload({
    pageUrl: href,
    ownOrigin: new URL(href).origin,
    ...(activity ? { activity } : {}),
    route: {
      isShare: page?.share?.enabled ?? false,
      ...(routeTitle ? { title: routeTitle } : {}),
      ...(routeDesc ? { desc: routeDesc } : {}),
    },
  });
  if (!base && !action.url) {
    context.services.ui.toast({ text: '该页面暂不支持分享', variant: 'short' });
    return;
  }
  await context.services.share.share(
    {
      ...(base ?? { url: href }),
      ...(action.url ? { url: interpolate(action.url, scope) } : {}),
      ...(action.title ? { subject: interpolate(action.title, scope) } : {}),
      ...(action.text ? { text: interpolate(action.text, scope) } : {}),
      ...(action.imageUrl ? { imageUrl: action.imageUrl } : {}),
    },
    // Counted with the share's result, per activity (client-events).
    page?.activityCode ? { activity: page.activityCode } : undefined,
  );
};

export const miniProgram: ActionHandler<'miniProgram'> = async (action, context) => {
  const { bridge, ui, clock, deepLink, env, logger } = context.services;
  const outcome = await launchMiniProgram(
    {
      ui,
      clock,
      deepLink,
      // spec §8 row 17: only the wallet client's bridge launches mini-programs.
      isSupported: () => bridge.available && bridge.supports(MINI_PROGRAM_BRIDGE_METHOD),
      launch: (request) => bridge.launchMiniProgram(request),
      storeUrl: messagingAppStoreUrl(env.os),
    },
    { userName: action.userName, ...(action.path ? { path: action.path } : {}) },
  );
  if (outcome === 'failed') {
    logger.report(new Error('mini-program launch failed'), { userName: action.userName });
  }
};

/**
 * Leaves the site for `to`, which must pass the target check (web pages of ours or the
 * provider's), else it is refused with a toast.
 */
export function leave(to: string, replace: boolean, services: Services): void {
  const target = validateTarget(to, {
    ownOrigin: new URL(services.navigation.href()).origin,
    allowAppSchemes: false,
  });
  if (!target.ok) {
    services.logger.report(new Error(`navigate refused: ${target.reason}`), { to });
    services.ui.toast({ text: '链接无法打开', variant: 'short' });
    return;
  }
  if (replace) services.navigation.replace(target.url);
  else services.navigation.assign(target.url);
}

export const confirm: ActionHandler<'confirm'> = async (action, context) => {
  const scope = context.scope();
  const confirmed = await context.services.ui.confirm({
    text: interpolate(action.text, scope),
    ...(action.title ? { title: interpolate(action.title, scope) } : {}),
    ...(action.confirmText ? { confirmText: action.confirmText } : {}),
    ...(action.cancelText ? { cancelText: action.cancelText } : {}),
    ...(action.countdown ? { countdown: action.countdown } : {}),
  });
  if (confirmed) await context.run(action.onConfirm);
  else if (action.onCancel) await context.run(action.onCancel);
};
