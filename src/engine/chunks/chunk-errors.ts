import {
  CHUNK_LOAD_ERROR_NAME,
  CHUNK_LOAD_TIMEOUT_MS,
  CSS_CHUNK_LOAD_FAILED,
} from '../../spec/constants';
import type { Clock, Navigation, StorageService } from '../../services/types';

/** spec §4: a script chunk that fails or times out is a ChunkLoadError; a style chunk, CSS_CHUNK_LOAD_FAILED. */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    readonly code: typeof CHUNK_LOAD_ERROR_NAME | typeof CSS_CHUNK_LOAD_FAILED,
  ) {
    super(message);
    this.name = CHUNK_LOAD_ERROR_NAME;
  }
}

/** Browsers word a failed dynamic import differently; these cover Chromium, WebKit and Firefox. */
const SCRIPT_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i;
const STYLE_FAILURE = /preload CSS|\.css/i;

export function classifyChunkError(error: unknown): ChunkLoadError | null {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (STYLE_FAILURE.test(message)) return new ChunkLoadError(message, CSS_CHUNK_LOAD_FAILED);
  if (SCRIPT_FAILURE.test(message)) return new ChunkLoadError(message, CHUNK_LOAD_ERROR_NAME);
  return null;
}

/** Rejects with a ChunkLoadError when the chunk takes longer than spec §9's 120 s. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  clock: Clock,
  ms = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = clock.setTimeout(
      () =>
        reject(new ChunkLoadError(`chunk load timed out after ${ms} ms`, CHUNK_LOAD_ERROR_NAME)),
      ms,
    );
    load().then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
        reject(classifyChunkError(error) ?? error);
      },
    );
  });
}

const RELOAD_KEY = 'chunk-reload-at';
/** A second failure within this window shows the recovery screen instead of reloading again. */
const RELOAD_WINDOW_S = 60;

/** What the recovery did: reloaded, waits for the network to reload, or left it to the screen. */
export type ChunkRecovery = 'reloading' | 'waiting-for-network' | 'gave-up';

/**
 * After a deploy, old pages ask for chunks that no longer exist. Reload once to pick up the new
 * build; never twice in a row, so a broken deploy shows the recovery screen, not a reload loop.
 * Offline, a reload would only trade the page (and what was typed into it) for the browser's own
 * error page (issue 19): wait for the `online` event, then reload once.
 */
export function reloadOnceForChunkError(deps: {
  storage: StorageService;
  navigation: Navigation;
  clock: Clock;
}): ChunkRecovery {
  if (!deps.navigation.isOnline()) {
    deps.navigation.onceOnline(() => void reloadOnceForChunkError(deps));
    return 'waiting-for-network';
  }
  return reloadNow(deps) ? 'reloading' : 'gave-up';
}

function reloadNow(deps: { storage: StorageService; navigation: Navigation; clock: Clock }) {
  const last = deps.storage.get<number>(RELOAD_KEY);
  const now = deps.clock.now();
  if (typeof last === 'number' && now - last < RELOAD_WINDOW_S * 1000) return false;
  deps.storage.set(RELOAD_KEY, now, RELOAD_WINDOW_S);
  deps.navigation.reload();
  return true;
}
