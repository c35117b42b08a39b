import type { Clock } from '../types';
import type { HiddenReader } from './launcher';

/**
 * Resolves true as soon as the page is hidden, checking every `intervalMs` up to `count` times
 * (spec §4: 50 ms x 40); false when it stayed visible throughout.
 */
export function pollForHidden(
  clock: Clock,
  isHidden: HiddenReader,
  intervalMs: number,
  count: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    let checks = 0;
    const cancel = clock.setInterval(() => {
      checks += 1;
      if (isHidden()) {
        cancel();
        resolve(true);
      } else if (checks >= count) {
        cancel();
        resolve(false);
      }
    }, intervalMs);
  });
}

/** Resolves whether the page is hidden once, after `delayMs` (spec §4: wallet-app check). */
export function checkHiddenAfter(
  clock: Clock,
  isHidden: HiddenReader,
  delayMs: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    clock.setTimeout(() => resolve(isHidden()), delayMs);
  });
}
