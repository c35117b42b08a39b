import { messagingAppStoreUrl } from '../../services/deep-link/app-links';
import { launchMiniProgram } from '../../services/share/mini-program';
import { createDailyCounter } from '../../services/storage/daily-counter';
import { computeSharePayload, type ActivityShareFields } from '../../services/share/share-payload';
import { bindProps, interpolate } from '../bindings/interpolate';
import type { ActionHandlers } from './dispatcher';

/** The bridge method that launches mini-programs (src/services/bridge/bridge-global.ts). */
const MINI_PROGRAM_BRIDGE_METHOD = 'launchMiniProgram';

/** Random key per tap, so a retried mutation has one effect on the server (issue 4, 5). */
function newIdempotencyKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}

/** One handler per action type: each only translates data into a service call. */
export const defaultActionHandlers: ActionHandlers = {
  async api(action, context) {
    const params = bindProps(action.params ?? {}, context.scope());
    try {
      const response = await context.services.api.call(action.call, params, {
        idempotencyKey: newIdempotencyKey(),
      });
      if (action.saveAs) context.setState(action.saveAs, response.result ?? response.value ?? null);
      if (action.onSuccess) await context.run(action.onSuccess);
    } catch (error) {
      if (!action.onError) throw error;
      context.setState('lastError', error instanceof Error ? error.message : String(error));
      await context.run(action.onError);
    }
  },
  navigate(action, context) {
    const query = action.query
      ? `?${new URLSearchParams(bindProps(action.query, context.scope()))}`
      : '';
    context.navigate(`${interpolate(action.to, context.scope())}${query}`, {
      ...(action.replace !== undefined ? { replace: action.replace } : {}),
    });
  },
  async openApp(action, context) {
    await context.services.deepLink.open(interpolate(action.target, context.scope()), {
      ...(action.failUrl ? { failUrl: action.failUrl } : {}),
      ...(action.downloadUrl ? { downloadUrl: action.downloadUrl } : {}),
      ...(action.check ? { check: action.check } : {}),
    });
  },
  toast(action, context) {
    context.services.ui.toast({
      text: interpolate(action.text, context.scope()),
      ...(action.variant ? { variant: action.variant } : {}),
    });
  },
  openDialog(action, context) {
    if (action.perDay !== undefined) {
      // spec §4: a counter per day; yesterday's keys go, which is how it resets.
      const { storage, clock } = context.services;
      const shown = createDailyCounter(`dialog-shown:${action.dialog}`, { storage, clock });
      if (shown.get() >= action.perDay) return;
      shown.increment();
    }
    context.openDialog(action.dialog);
  },
  closeDialog(action, context) {
    context.closeDialog(action.dialog);
  },
  async confirm(action, context) {
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
  },
  async share(action, context) {
    const scope = context.scope();
    const href = context.services.navigation.href();
    const page = scope.page as
      | { title?: string; share?: { enabled?: boolean; title?: string; description?: string } }
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
    await context.services.share.share({
      ...(base ?? { url: href }),
      ...(action.url ? { url: interpolate(action.url, scope) } : {}),
      ...(action.title ? { subject: interpolate(action.title, scope) } : {}),
      ...(action.text ? { text: interpolate(action.text, scope) } : {}),
      ...(action.imageUrl ? { imageUrl: action.imageUrl } : {}),
    });
  },
  scrollTo(action, context) {
    context.scrollTo(action.node);
  },
  async login(_action, context) {
    await context.services.auth.login();
  },
  async miniProgram(action, context) {
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
  },
  async closePage(_action, context) {
    // The native bridge closes the web view in the provider's apps; elsewhere it goes back.
    await context.services.bridge.closePage();
  },
  async copy(action, context) {
    const text = interpolate(action.text, context.scope());
    await navigator.clipboard.writeText(text);
    if (action.toast) context.services.ui.toast({ text: action.toast, variant: 'short' });
  },
  track(action, context) {
    context.services.logger.track(
      action.event,
      action.data ? bindProps(action.data, context.scope()) : undefined,
    );
  },
  setState(action, context) {
    context.setState(action.key, bindProps(action.value, context.scope()));
  },
  async refresh(action, context) {
    await context.refresh(action.calls);
  },
};
