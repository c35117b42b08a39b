/**
 * The part of the first-screen watcher (./first-screen.ts) that only a page with waiting nodes
 * needs, a chunk of its own (decision 0028): releases waiting nodes as the visitor nears them,
 * keeps what was typed into their markup (with ./first-screen-fields.ts, loaded beside it where
 * they have fields), and holds a tap on one until it renders, then taps the same element again.
 */
import type { DeferredNodes } from './deferred-nodes';
import { atPath, pathFrom } from './early-taps';
import type { keepFields as KeepFields } from './first-screen-fields';
import { NODE_SELECTOR, RELEASE_AHEAD } from './first-screen-types';

/**
 * Releases waiting nodes as the visitor comes near them, and holds a tap on a node still showing
 * its markup until the node renders, then taps the same element again.
 */
export function watchWaitingNodes(
  root: Element,
  deferred: DeferredNodes,
  view: Window & typeof globalThis,
  keepFields?: typeof KeepFields,
): void {
  const ids = deferred.nodeIds();
  const sectionOf = (nodeId: string) =>
    [...root.querySelectorAll<HTMLElement>(NODE_SELECTOR)].find(
      (section) => section.dataset.nodeId === nodeId,
    );
  if (keepFields) {
    deferred.keepWith((nodeId) => {
      const section = sectionOf(nodeId);
      return section ? keepFields(section, view) : () => undefined;
    });
  }
  if ('IntersectionObserver' in view) {
    const observer = new view.IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          deferred.release((entry.target as HTMLElement).dataset.nodeId ?? '');
        }
      },
      { rootMargin: `${RELEASE_AHEAD * 100}% 0px` },
    );
    for (const nodeId of ids) {
      const section = sectionOf(nodeId);
      if (section) observer.observe(section);
    }
  } else {
    deferred.releaseAll();
  }
  // A tap's click on markup that has no handlers yet: held, and replayed on the rendered node.
  root.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof view.Element ? event.target : null;
      let section = target?.closest<HTMLElement>(NODE_SELECTOR) ?? null;
      let frozen: HTMLElement | null = null;
      for (
        ;
        section;
        section = section.parentElement?.closest<HTMLElement>(NODE_SELECTOR) ?? null
      ) {
        if (deferred.isFrozen(section.dataset.nodeId ?? '')) frozen = section;
      }
      if (!frozen || !target) return;
      event.preventDefault();
      event.stopPropagation();
      const nodeId = frozen.dataset.nodeId ?? '';
      const path = pathFrom(frozen, target) ?? [];
      const holder = frozen;
      deferred.whenThawed(nodeId, () => {
        const again = atPath(holder, path);
        if (again instanceof view.HTMLElement) again.click();
      });
      deferred.release(nodeId);
    },
    { capture: true },
  );
}
