/**
 * ShareService (src/services/types.ts): share through the native bridge in the provider's apps,
 * through the JS-SDK share data in the messaging app, and say why not everywhere else
 * (spec §3, §8). Also the image variants: 'generating image...' while the image is drawn.
 */
import { SHARE_ERROR_CODES } from '../../spec/constants';
import type {
  Clock,
  Environment,
  Logger,
  NativeBridge,
  Navigation,
  ShareEvent,
  ShareContext,
  SharePayload,
  ShareService,
  UiService,
} from '../types';
import { validateTarget } from '../deep-link/validate-target';
import { saveImage, type PhotoSaver } from '../images/save-image';
import { SHARE_MESSAGES } from './share-copy';
import { withFromChannel } from './share-payload';
import { appNameFor, interpretShareResult } from './share-result';

export interface ShareServiceDeps {
  bridge: NativeBridge;
  ui: UiService;
  env: Pick<Environment, 'host' | 'inMessagingApp' | 'inProviderApp'>;
  navigation: Pick<Navigation, 'href'>;
  logger: Logger;
  /** Applies share data in the messaging app (wechat-config.ts applyWechatShare, bound). */
  applyWechatShare?: (payload: SharePayload) => Promise<boolean>;
  /** Saves an image where the client can (images/save-image.ts); resolves true when saved. */
  saveImage?: (dataUrl: string) => Promise<boolean>;
  /**
   * The browser's own share sheet (Web Share API) where there is no native bridge: 'shared', or
   * 'cancelled' when the visitor closed it. Absent where the browser has none.
   */
  webShare?: (data: {
    title?: string;
    text?: string;
    url: string;
  }) => Promise<'shared' | 'cancelled'>;
  /** Where this client saves images (images/photo-saver.ts); none: saving is unsupported. */
  photoSaver?: PhotoSaver;
  /** Puts a link on the clipboard (the share's way forward in an app that cannot share). */
  copyLink?: (link: string) => Promise<void>;
  clock: Pick<Clock, 'setTimeout'>;
}

/**
 * Ours: how long a share waits for the app's bridge before it copies the link instead. The app's
 * share sheet covers the page at once, so a bridge that shows nothing by then is not answering.
 */
export const SHARE_NO_ANSWER_MS = 3000;
const NO_ANSWER = Symbol('no answer');

const NO_PHOTO_SAVING: PhotoSaver = { supported: () => false, save: async () => false };

export interface ConfiguredShareService extends Omit<ShareService, 'copyText'> {
  /** Draws the share image (toast 'generating image...'), then shares it. */
  shareGeneratedImage(
    render: () => Promise<string>,
    payload: Omit<SharePayload, 'imageUrl'>,
    about?: ShareContext,
  ): Promise<ShareEvent>;
  /** Draws the share image, then saves it to the photo album. */
  saveGeneratedImage(render: () => Promise<string>, about?: ShareContext): Promise<ShareEvent>;
}

/** A share's result and where it went, as counted (client-events contract). */
interface ShareResult {
  event: ShareEvent;
  channel: string;
}

/**
 * Where a share went, counted with its result: the messaging app's own menu (the page only sets
 * what it shares), the provider's app (`app:<target>` when the page asked for one target), the
 * browser's share sheet, the photo album, the clipboard (an app that could not share), or nowhere
 * (refused before any share).
 */
export const SHARE_CHANNELS = {
  messagingAppMenu: 'wechat-menu',
  app: 'app',
  browserSheet: 'web-share',
  album: 'album',
  copiedLink: 'copy-link',
  none: 'none',
} as const;

/**
 * spec §4 "share result events: success, error, save-image success, save-image error": each
 * share or save ends in one, sent as this analytics event with `{ outcome, channel, activity }`
 * (counted by the server: src/services/browser/event-beacon.ts).
 */
export const SHARE_RESULT_EVENT = 'share-result';

/** The native share method's name on the bridge. */
export const BRIDGE_SHARE_METHOD = 'share';

export function createShareService(deps: ShareServiceDeps): ConfiguredShareService {
  const { bridge, ui, env, logger } = deps;

  function fail(message: string): ShareEvent {
    ui.toast(message);
    return 'error';
  }
  const via =
    (channel: string) =>
    (event: ShareEvent): ShareResult => ({ event, channel });

  /** Resolves NO_ANSWER when `promise` has not settled within `ms` (its late answer is dropped). */
  function answerWithin<T>(promise: Promise<T>, ms: number): Promise<T | typeof NO_ANSWER> {
    return new Promise((resolve, reject) => {
      const cancel = deps.clock.setTimeout(() => resolve(NO_ANSWER), ms);
      promise.then(
        (value) => {
          cancel();
          resolve(value);
        },
        (error: unknown) => {
          cancel();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** The way forward where the app cannot share: the link on the clipboard, and a toast saying so. */
  async function copyLinkInstead(link: string): Promise<ShareResult> {
    const copied = via(SHARE_CHANNELS.copiedLink);
    try {
      if (!deps.copyLink) throw new Error('no clipboard');
      await deps.copyLink(link);
      ui.toast(SHARE_MESSAGES.linkCopied);
    } catch (error) {
      logger.report(error, { where: 'share link copy' });
      // Even the clipboard said no: show the link, which the visitor can select and copy.
      await ui.confirm({
        title: SHARE_MESSAGES.copyLinkTitle,
        text: link,
        confirmText: SHARE_MESSAGES.gotIt,
      });
    }
    return copied('error');
  }

  async function render(draw: () => Promise<string>): Promise<string | null> {
    ui.toast(SHARE_MESSAGES.generatingImage);
    try {
      return await draw();
    } catch (error) {
      logger.report(error, { where: 'share image' });
      return null;
    }
  }

  async function share(payload: SharePayload): Promise<ShareResult> {
    const checked = validateTarget(payload.url, {
      ownOrigin: deps.navigation.href(),
      allowRelative: true,
      allowAppSchemes: false,
    });
    if (!checked.ok) {
      logger.info('share link refused', { url: payload.url, reason: checked.reason });
      return via(SHARE_CHANNELS.none)(fail(SHARE_MESSAGES.parameterError));
    }
    // spec §3: tag the link with the channel when the share goes to one known channel.
    const only = payload.sharer?.length === 1 ? payload.sharer[0] : undefined;
    const safe = { ...payload, url: only ? withFromChannel(checked.url, only) : checked.url };

    if (env.inMessagingApp && env.host === 'wechat') {
      // Only the messaging app's own menu shares a page: set what it shares (the JS-SDK), then
      // point at the menu. Without the SDK the menu still shares the page, with its own title.
      const applied = deps.applyWechatShare ? await deps.applyWechatShare(safe) : false;
      ui.menuGuide(SHARE_MESSAGES.useMenu);
      return via(SHARE_CHANNELS.messagingAppMenu)(applied ? 'success' : 'error');
    }
    // In the provider's apps the bridge shares; a page whose bridge is missing or silent copies
    // the link instead, so the visitor can still paste it to a friend.
    if (env.inProviderApp && (!bridge.available || !bridge.supports(BRIDGE_SHARE_METHOD))) {
      return copyLinkInstead(safe.url);
    }
    if (!bridge.available || !bridge.supports(BRIDGE_SHARE_METHOD)) {
      if (deps.webShare) {
        try {
          const shared = await deps.webShare({
            ...(safe.subject ? { title: safe.subject } : {}),
            ...(safe.text ? { text: safe.text } : {}),
            url: safe.url,
          });
          // Closing the sheet is the visitor's choice, not a failure to explain.
          if (shared === 'cancelled') return via(SHARE_CHANNELS.browserSheet)('error');
          ui.toast(SHARE_MESSAGES.succeeded);
          return via(SHARE_CHANNELS.browserSheet)('success');
        } catch (error) {
          logger.report(error, { where: 'web share' });
        }
      }
      // spec §8 row 9: no share target available → ask to confirm the messaging app is installed.
      return via(SHARE_CHANNELS.none)(fail(SHARE_MESSAGES.appMissing(appNameFor(safe.sharer))));
    }
    let result: { code: number; message?: string } | typeof NO_ANSWER;
    try {
      result = await answerWithin(bridge.share(safe), SHARE_NO_ANSWER_MS);
    } catch (error) {
      logger.report(error, { where: 'bridge share' });
      result = { code: SHARE_ERROR_CODES.notInClient };
    }
    if (result === NO_ANSWER) {
      logger.info('bridge share unanswered', { afterMs: SHARE_NO_ANSWER_MS });
      return copyLinkInstead(safe.url);
    }
    const outcome = interpretShareResult(result, safe.sharer);
    // The app's own share sheet, or the one target the page asked for.
    const app = via(only ? `${SHARE_CHANNELS.app}:${only}` : SHARE_CHANNELS.app);
    if (!outcome.ok) return app(fail(outcome.message));
    ui.toast(SHARE_MESSAGES.succeeded);
    return app('success');
  }

  /** spec §4: every share and save ends in one result event, counted by where it went. */
  const settled = async (
    result: Promise<ShareResult>,
    about: ShareContext | undefined,
  ): Promise<ShareEvent> => {
    const { event, channel } = await result;
    logger.track(SHARE_RESULT_EVENT, {
      outcome: event,
      channel,
      ...(about?.activity ? { activity: about.activity } : {}),
    });
    return event;
  };
  const album = via(SHARE_CHANNELS.album);

  return {
    share: (payload, about) => settled(share(payload), about),
    saveImage: (image, about) =>
      settled(
        // spec §5, §8: only where the client can, with its three messages.
        saveImage({ saver: deps.photoSaver ?? NO_PHOTO_SAVING, ui }, image).then((result) =>
          album(result === 'saved' ? 'save-image-success' : 'save-image-error'),
        ),
        about,
      ),
    shareGeneratedImage: (draw, payload, about) =>
      settled(
        render(draw).then((imageUrl) =>
          imageUrl === null
            ? via(SHARE_CHANNELS.none)(fail(SHARE_MESSAGES.failed('')))
            : share({ ...payload, imageUrl }),
        ),
        about,
      ),
    saveGeneratedImage: (draw, about) =>
      settled(
        render(draw).then(async (image) => {
          if (image === null || !deps.saveImage) return album('save-image-error');
          return album((await deps.saveImage(image)) ? 'save-image-success' : 'save-image-error');
        }),
        about,
      ),
  };
}
