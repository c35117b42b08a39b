/**
 * A tap on a prerendered page before the app has hydrated lands on markup without handlers
 * and would be lost. The entry (boot.ts) holds the last such tap; once the page has hydrated and
 * corrected itself to the visitor, it is replayed on the same element (decision 0026).
 */
export interface EarlyTaps {
  /** Stops holding taps and replays the last one held, if its element is still there. */
  release(): void;
}

function pathFrom(root: Element, node: Element): number[] | null {
  const path: number[] = [];
  for (let at: Element = node; at !== root;) {
    const parent = at.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, at) as number);
    at = parent;
  }
  return path;
}

export function holdEarlyTaps(root: Element): EarlyTaps {
  let held: number[] | null = null;
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
      let target: Element | undefined = root;
      for (const index of held) target = target?.children[index];
      held = null;
      if (target instanceof HTMLElement) target.click();
    },
  };
}
