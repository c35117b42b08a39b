/**
 * A tap on a prerendered page before the app has hydrated lands on markup without handlers
 * and would be lost. The entry (boot.ts) holds the last such tap; once the page has hydrated and
 * corrected itself to the visitor, it is replayed on the same element (decision 0026).
 */
export interface EarlyTaps {
  /** Stops holding taps and replays the last one held, if its element is still there. */
  release(): void;
}

/** The child-index path from `root` down to `node`, or null when `node` is not inside it. */
export function pathFrom(root: Element, node: Element): number[] | null {
  const path: number[] = [];
  for (let at: Element = node; at !== root;) {
    const parent = at.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, at) as number);
    at = parent;
  }
  return path;
}

/** The element at a path from `root` (pathFrom), or null when the tree has changed shape. */
export function atPath(root: Element, path: readonly number[]): Element | null {
  let at: Element | null = root;
  for (const index of path) at = at?.children[index] ?? null;
  return at;
}

/** Holds taps on `root`; `alreadyHeld` is a tap held before this ran (the page's loader). */
export function holdEarlyTaps(root: Element, alreadyHeld: Element | null = null): EarlyTaps {
  let held: number[] | null = alreadyHeld ? pathFrom(root, alreadyHeld) : null;
  const hold = (event: Event) => {
    if (!(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopPropagation();
    held = pathFrom(root, event.target);
  };
  root.addEventListener('click', hold, { capture: true });
  return {
    release() {
      root.removeEventListener('click', hold, { capture: true });
      if (!held) return;
      const target = atPath(root, held);
      held = null;
      if (target instanceof HTMLElement) target.click();
    },
  };
}
