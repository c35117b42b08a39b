/**
 * Below the first screen of a prerendered page (decision 0026): the nodes whose types the first
 * screen does not need keep their markup until the visitor nears them or first acts; a tap that
 * lands on one is replayed, and what was typed into it kept, once it renders.
 */
import { DeferredNodes } from './deferred-nodes';
import type { Clock } from '../../services/types';
import { NODE_SELECTOR } from './first-screen-types';

/**
 * The plan for a prerendered page whose first screen shows `visibleTypes` (first-screen-types.ts,
 * read by the entry before the app loaded): every node below it whose type that screen does not
 * need waits, as its markup. Nodes inside a waiting node are part of its markup. Types no node
 * of the page shows wait too (DeferredNodes.waits).
 */
export function planFirstScreen(root: Element, visibleTypes: ReadonlySet<string>): DeferredNodes {
  const markup = new Map<string, string>();
  const waitingTypes = new Set<string>();
  const shownTypes = new Set<string>();
  for (const section of root.querySelectorAll<HTMLElement>(NODE_SELECTOR)) {
    const type = section.dataset.widget ?? '';
    const nodeId = section.dataset.nodeId ?? '';
    shownTypes.add(type);
    if (visibleTypes.has(type) || !nodeId) continue;
    const outer = section.parentElement?.closest<HTMLElement>(NODE_SELECTOR);
    if (outer && markup.has(outer.dataset.nodeId ?? '')) continue;
    markup.set(nodeId, section.innerHTML);
    waitingTypes.add(type);
  }
  return new DeferredNodes(markup, waitingTypes, shownTypes);
}

/**
 * Releases waiting nodes as the visitor comes near them or first acts, and holds a tap on a node
 * still showing its markup until the node renders. The first sign of intent is listened to at
 * once; the rest (./first-screen-watch.ts) is a chunk only a page with waiting nodes loads.
 * Resolves once the page is watched: a held tap is replayed after that (main.tsx).
 */
export function watchFirstScreen(
  root: Element,
  deferred: DeferredNodes,
  clock: Clock,
  view: Window & typeof globalThis,
): Promise<void> {
  // Types the page did not paint wait for the first intent too, waiting nodes or not.
  clock.whenIntent(() => deferred.releaseAll());
  const ids = deferred.nodeIds();
  if (ids.length === 0) return Promise.resolve();
  // What is typed into a waiting node's form fields is kept by a chunk of its own: only a page
  // whose waiting markup has fields loads it, beside the watcher. (Node ids are [\w-] only.)
  const fields = ids.some((id) =>
    root.querySelector(`[data-node-id="${id}"]`)?.querySelector('input,textarea,select'),
  );
  return Promise.all([
    import('./first-screen-watch'),
    fields ? import('./first-screen-fields') : null,
  ]).then(
    ([{ watchWaitingNodes }, kept]) => watchWaitingNodes(root, deferred, view, kept?.keepFields),
    // Without the watcher nothing would release them: they render for real now.
    () => deferred.releaseAll(),
  );
}
