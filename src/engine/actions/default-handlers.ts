import { bindProps, interpolate } from '../bindings/interpolate';
import type { ActionHandlers } from './dispatcher';

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
    });
  },
  toast(action, context) {
    context.services.ui.toast({
      text: interpolate(action.text, context.scope()),
      ...(action.variant ? { variant: action.variant } : {}),
    });
  },
  openDialog(action, context) {
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
    await context.services.share.share({
      url: action.url ? interpolate(action.url, scope) : context.services.navigation.href(),
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
};
