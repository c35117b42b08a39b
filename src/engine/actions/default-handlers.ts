import { newIdempotencyKey } from '../../services/api/idempotency-key';
import { createDailyCounter } from '../../services/storage/daily-counter';
import { bindProps, interpolate } from '../bindings/interpolate';
import type { ActionHandlers } from './dispatcher';
import { withTapActions } from './lazy-tap-actions';

/** One handler per action type: each only translates data into a service call. */
export const defaultActionHandlers: ActionHandlers = {
  async api(action, context) {
    const params = bindProps(action.params ?? {}, context.scope());
    try {
      // A key per tap, so a retried mutation has one effect on the server (issue 4, 5).
      const response = await context.services.api.call(action.call, params, {
        idempotencyKey: await newIdempotencyKey(),
      });
      if (action.saveAs) context.setState(action.saveAs, response.result ?? response.value ?? null);
      if (action.onSuccess) await context.run(action.onSuccess);
    } catch (error) {
      if (!action.onError) throw error;
      context.setState('lastError', error instanceof Error ? error.message : String(error));
      await context.run(action.onError);
    }
  },
  async navigate(action, context) {
    const query = action.query
      ? `?${new URLSearchParams(bindProps(action.query, context.scope()))}`
      : '';
    await context.navigate(`${interpolate(action.to, context.scope())}${query}`, {
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
    await withTapActions((tap) => tap.confirm(action, context));
  },
  async share(action, context) {
    await withTapActions((tap) => tap.share(action, context));
  },
  scrollTo(action, context) {
    context.scrollTo(action.node);
  },
  async login(_action, context) {
    await context.services.auth.login();
  },
  async miniProgram(action, context) {
    await withTapActions((tap) => tap.miniProgram(action, context));
  },
  async closePage(_action, context) {
    // The native bridge closes the web view in the provider's apps; elsewhere it goes back.
    await context.services.bridge.closePage();
  },
  async copy(action, context) {
    const text = interpolate(action.text, context.scope());
    await context.services.share.copyText(text);
    if (action.toast) context.services.ui.toast({ text: action.toast, variant: 'short' });
  },
  track(action, context) {
    const scope = context.scope();
    const data = action.data ? bindProps(action.data, scope) : undefined;
    // Counted per activity (client-events): the page's own unless the document names one.
    const activity = (scope.page as { activityCode?: unknown } | undefined)?.activityCode;
    context.services.logger.track(
      action.event,
      typeof activity === 'string' && activity
        ? { activity, ...(data as Record<string, unknown> | undefined) }
        : data,
    );
  },
  setState(action, context) {
    context.setState(action.key, bindProps(action.value, context.scope()));
  },
  async refresh(action, context) {
    await context.refresh(action.calls);
  },
};
