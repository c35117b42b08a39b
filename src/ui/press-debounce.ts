import type { Clock } from '../services/types';

/**
 * Leading-edge debounce for button presses: the first press acts, presses within `ms` of the last
 * accepted one are ignored. Returns true when a press is accepted. One instance can be shared by
 * several dialogs so a double tap cannot confirm the next dialog in a queue too.
 */
export function createPressDebounce(clock: Clock, ms: number): () => boolean {
  let last: number | null = null;
  return () => {
    const now = clock.now();
    if (last !== null && now - last < ms) return false;
    last = now;
    return true;
  };
}
