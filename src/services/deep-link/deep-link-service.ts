/**
 * DeepLinkService (src/services/types.ts): validate a target, hand it to the app, and fall back
 * when the app does not come to the front (spec §4, §8).
 */
import {
  DEEP_LINK_POLL_COUNT,
  DEEP_LINK_POLL_INTERVAL_MS,
  MINI_PROGRAM_STORE_HANDOFF_MS,
  WALLET_APP_CHECK_DELAY_MS,
} from '../../spec/constants';
import type {
  Clock,
  DeepLinkService,
  Logger,
  Navigation,
  OpenAppOptions,
  OpenAppResult,
} from '../types';
import { isProviderHost } from '../../contracts/hosts/allow-list';
import type { AppLauncher, HiddenReader } from './launcher';
import { validateTarget, type TargetPolicy } from './validate-target';
import { checkHiddenAfter, pollForHidden } from './wait-for-hidden';

/** spec §8: logged whenever a link could not be opened. */
export const OPEN_FAILED_MESSAGE = 'failed to open link';

/** How long the message shows before the page leaves for the fall-back (the §8 hand-off's wait). */
export const OPEN_APP_FALLBACK_NOTICE_MS = MINI_PROGRAM_STORE_HANDOFF_MS;

/** What the visitor reads when the app did not open (ours: the spec names the fall-backs only). */
export const OPEN_APP_MESSAGES = {
  /** "The app did not open, going to the download page" */
  toDownload: '未能打开App，正在前往下载页',
  /** "The app did not open" (then the activity's fail page) */
  toFailPage: '未能打开App',
  /** "The app did not open, please check it is installed" (nowhere to go) */
  nowhere: '未能打开App，请确认已安装',
} as const;

/** The check ('poll' or 'wallet') is part of OpenAppOptions (src/services/types.ts). */
export type DeepLinkOpenOptions = OpenAppOptions;

export interface DeepLinkDeps {
  clock: Clock;
  navigation: Navigation;
  logger: Logger;
  /** Used when the page's host is a provider host: its web view takes our schemes directly. */
  directLauncher: AppLauncher;
  /** Used elsewhere, so an unknown scheme fails quietly (e.g. a hidden iframe). */
  fallbackLauncher: AppLauncher;
  isHidden: HiddenReader;
  /** Says why the page is leaving (or staying) when the app did not open: a toast. */
  notify?: (message: string) => void;
}

export interface ConfiguredDeepLinkService extends DeepLinkService {
  open(target: string, options?: DeepLinkOpenOptions): Promise<OpenAppResult>;
}

export function createDeepLinkService(deps: DeepLinkDeps): ConfiguredDeepLinkService {
  const { clock, navigation, logger, isHidden } = deps;
  const policy = (): TargetPolicy => ({ ownOrigin: navigation.href(), allowRelative: true });

  function logFailure(target: string, reason: string) {
    logger.info(OPEN_FAILED_MESSAGE, { target, reason });
  }

  /** spec §4: fail handler, else download/store page, else fail URL; each URL validated. */
  async function fallBack(target: string, options: DeepLinkOpenOptions): Promise<void> {
    if (options.onFail) {
      options.onFail();
      return;
    }
    const candidates = [
      [options.downloadUrl, OPEN_APP_MESSAGES.toDownload],
      [options.failUrl, OPEN_APP_MESSAGES.toFailPage],
    ] as const;
    for (const [candidate, message] of candidates) {
      if (candidate === undefined) continue;
      const checked = validateTarget(candidate, policy());
      if (checked.ok) {
        if (deps.notify) {
          // Time to read why the page leaves, as the spec gives the mini-program hand-off (§8).
          deps.notify(message);
          await new Promise<void>((resolve) =>
            clock.setTimeout(resolve, OPEN_APP_FALLBACK_NOTICE_MS),
          );
        }
        navigation.assign(checked.url);
        return;
      }
      logFailure(candidate, checked.reason);
    }
    logFailure(target, 'no usable fallback');
    deps.notify?.(OPEN_APP_MESSAGES.nowhere);
  }

  return {
    async open(target, options = {}) {
      const checked = validateTarget(target, policy());
      if (!checked.ok) {
        logFailure(target, checked.reason);
        return 'refused';
      }
      if (checked.kind !== 'app') {
        // A web page of ours or the provider's: an ordinary navigation.
        navigation.assign(checked.url);
        return 'opened';
      }
      // spec §4: on the provider's own hosts the scheme link is sent directly.
      const pageHost = new URL(navigation.href()).hostname;
      const launcher = isProviderHost(pageHost) ? deps.directLauncher : deps.fallbackLauncher;
      try {
        launcher.launch(checked.url);
      } catch (error) {
        logger.report(error, { where: 'deep-link launch', target: checked.url });
      }
      const hidden =
        options.check === 'wallet'
          ? await checkHiddenAfter(clock, isHidden, WALLET_APP_CHECK_DELAY_MS)
          : await pollForHidden(clock, isHidden, DEEP_LINK_POLL_INTERVAL_MS, DEEP_LINK_POLL_COUNT);
      if (hidden) return 'opened';
      logFailure(checked.url, 'page still visible after the check');
      await fallBack(checked.url, options);
      return 'fallback';
    },
  };
}
