/**
 * Launching a messaging-app mini-program from our page (spec §8): unsupported here → ask for the
 * wallet client; messaging app missing → ask to install it, then the app-store page after
 * MINI_PROGRAM_STORE_HANDOFF_MS; otherwise launch.
 */
import { MINI_PROGRAM_STORE_HANDOFF_MS } from '../../spec/constants';
import type { Clock, DeepLinkService, UiService } from '../types';
import { MINI_PROGRAM_MESSAGES } from './share-copy';

export interface MiniProgramRequest {
  /** The mini-program's id and the path inside it. */
  userName: string;
  path?: string;
}

export interface MiniProgramDeps {
  ui: UiService;
  clock: Clock;
  deepLink: DeepLinkService;
  /** True where the client can launch mini-programs (the wallet client's bridge). */
  isSupported: () => boolean;
  isMessagingAppInstalled: () => Promise<boolean>;
  launch: (request: MiniProgramRequest) => Promise<void>;
  /** The messaging app's app-store page for this OS (deep-link/app-links.ts). */
  storeUrl: string;
}

export type MiniProgramOutcome = 'launched' | 'not-installed' | 'unsupported';

export async function launchMiniProgram(
  deps: MiniProgramDeps,
  request: MiniProgramRequest,
): Promise<MiniProgramOutcome> {
  if (!deps.isSupported()) {
    deps.ui.toast(MINI_PROGRAM_MESSAGES.useWalletClient);
    return 'unsupported';
  }
  if (!(await deps.isMessagingAppInstalled())) {
    deps.ui.toast(MINI_PROGRAM_MESSAGES.installMessagingApp);
    deps.clock.setTimeout(
      () => void deps.deepLink.open(deps.storeUrl),
      MINI_PROGRAM_STORE_HANDOFF_MS,
    );
    return 'not-installed';
  }
  await deps.launch(request);
  return 'launched';
}
