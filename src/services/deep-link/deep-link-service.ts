/**
 * DeepLinkService (src/services/types.ts): validate a target, hand it to the app, and fall back
 * when the app does not come to the front (spec §4, §8).
 */
import {
  DEEP_LINK_POLL_COUNT,
  DEEP_LINK_POLL_INTERVAL_MS,
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
  function fallBack(target: string, options: DeepLinkOpenOptions): void {
    if (options.onFail) {
      options.onFail();
      return;
    }
    for (const candidate of [options.downloadUrl, options.failUrl]) {
      if (candidate === undefined) continue;
      const checked = validateTarget(candidate, policy());
      if (checked.ok) {
        navigation.assign(checked.url);
        return;
      }
      logFailure(candidate, checked.reason);
    }
    logFailure(target, 'no usable fallback');
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
      fallBack(checked.url, options);
      return 'fallback';
    },
  };
}
