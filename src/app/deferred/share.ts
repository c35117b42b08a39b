/**
 * The share service with the messaging app's JS-SDK adapter, loaded on the first share
 * (docs/decisions/0008-first-load-budget.md). Built from the same parts as before.
 */
import { browserDownload, createPhotoSaver } from '../../services/images/photo-saver';
import { createShareService, type ShareServiceDeps } from '../../services/share/share-service';
import { applyWechatShare } from '../../services/share/wechat-config';
import { createWechatSdkAdapter } from '../../services/share/wechat-sdk-browser';
import type { ApiClient, Clock, Environment, ShareService } from '../../services/types';

export interface BrowserShareDeps extends Omit<
  ShareServiceDeps,
  'applyWechatShare' | 'env' | 'photoSaver'
> {
  win: Window;
  api: ApiClient;
  clock: Clock;
  env: Environment;
  /** The address the page was opened at (the messaging app signs that one on iOS). */
  landingUrl: string;
}

/** Sharing and saving (copying text is the browser's, composed eagerly: browser-services.ts). */
export function createBrowserShare(deps: BrowserShareDeps): Omit<ShareService, 'copyText'> {
  const { win, api, clock, env, navigation, logger, landingUrl } = deps;
  const sdk = createWechatSdkAdapter(win);
  return createShareService({
    bridge: deps.bridge,
    ui: deps.ui,
    env,
    navigation,
    logger,
    clock,
    copyLink: (link) => win.navigator.clipboard.writeText(link),
    photoSaver: createPhotoSaver({
      bridge: deps.bridge,
      env,
      download: browserDownload(win.document),
    }),
    applyWechatShare: (payload) =>
      applyWechatShare({ api, clock, env, navigation, logger, sdk, landingUrl }, payload),
    ...(typeof win.navigator.share === 'function'
      ? {
          webShare: (data: { title?: string; text?: string; url: string }) =>
            win.navigator.share(data).then(
              () => 'shared' as const,
              (error: unknown) => {
                // AbortError: the visitor closed the sheet.
                if (error instanceof DOMException && error.name === 'AbortError') {
                  return 'cancelled' as const;
                }
                throw error;
              },
            ),
        }
      : {}),
  });
}
