/**
 * The deep-link service and its launchers, loaded on the first open-app
 * (docs/decisions/0008-first-load-budget.md).
 */
import { createDeepLinkService } from '../../services/deep-link/deep-link-service';
import {
  createIframeLauncher,
  createLocationLauncher,
  documentHiddenReader,
} from '../../services/deep-link/launcher';
import type { Clock, DeepLinkService, Logger, Navigation } from '../../services/types';

export function createBrowserDeepLink(
  win: Window,
  deps: { clock: Clock; navigation: Navigation; logger: Logger; notify: (message: string) => void },
): DeepLinkService {
  return createDeepLinkService({
    ...deps,
    directLauncher: createLocationLauncher(win),
    fallbackLauncher: createIframeLauncher(win.document),
    isHidden: documentHiddenReader(win.document),
  });
}
