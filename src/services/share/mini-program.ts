/**
 * Launching a messaging-app mini-program from our page (spec §8 rows 16-17): unsupported here →
 * ask for the wallet client; messaging app missing → ask to install it, then the app-store page
 * after MINI_PROGRAM_STORE_HANDOFF_MS; otherwise the client launches it. The page reaches this
 * through the `miniProgram` action (src/engine/actions/default-handlers.ts).
 */
import { MINI_PROGRAM_CODES, MINI_PROGRAM_STORE_HANDOFF_MS } from '../../spec/constants';
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
  /** The client's launch; answers MINI_PROGRAM_CODES (src/spec/constants.ts). */
  launch: (request: MiniProgramRequest) => Promise<{ code: number }>;
  /** The messaging app's app-store page for this OS (deep-link/app-links.ts). */
  storeUrl: string;
}

/** 'failed': the client answered another code (the caller reports it; the spec gives no text). */
export type MiniProgramOutcome = 'launched' | 'not-installed' | 'unsupported' | 'failed';

export async function launchMiniProgram(
  deps: MiniProgramDeps,
  request: MiniProgramRequest,
): Promise<MiniProgramOutcome> {
  if (!deps.isSupported()) {
    deps.ui.toast(MINI_PROGRAM_MESSAGES.useWalletClient);
    return 'unsupported';
  }
  const { code } = await deps.launch(request);
  if (code === MINI_PROGRAM_CODES.launched) return 'launched';
  if (code !== MINI_PROGRAM_CODES.messagingAppMissing) return 'failed';
  deps.ui.toast(MINI_PROGRAM_MESSAGES.installMessagingApp);
  deps.clock.setTimeout(
    () => void deps.deepLink.open(deps.storeUrl),
    MINI_PROGRAM_STORE_HANDOFF_MS,
  );
  return 'not-installed';
}
