/**
 * Which widget types a prerendered page's first screen shows, read from the painted page by the
 * app's entry (boot.ts), and the fetch of their chunks (decision 0026). Tiny and free of the
 * app's modules: the entry runs it before the app has loaded.
 */
import { WIDGET_CHUNKS_ID } from '../engine/prerender/prerender-attribute';

export const NODE_SELECTOR = 'section[data-node-id]';

/**
 * How far beyond the viewport a node still counts as on the first screen, in viewport heights;
 * a waiting node is released when it comes this near (first-screen.ts). A phone's scroll starts
 * with a touch, which releases every waiting node at once; this serves wheels and scroll bars.
 */
export const RELEASE_AHEAD = 0.25;

/** The widget types of the nodes on the first screen of `root` (nested ones included). */
export function firstScreenTypes(root: Element, viewportHeight: number): Set<string> {
  const types = new Set<string>();
  for (const section of root.querySelectorAll<HTMLElement>(NODE_SELECTOR)) {
    const { top, bottom } = section.getBoundingClientRect();
    const near = top < viewportHeight * (1 + RELEASE_AHEAD);
    if (near && bottom > -viewportHeight * RELEASE_AHEAD) types.add(section.dataset.widget ?? '');
  }
  return types;
}

/** Starts fetching the scripts of these widget types, as the page's data block names them. */
export function fetchFirstScreenChunks(doc: Document, types: ReadonlySet<string>): void {
  let chunks: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(doc.getElementById(WIDGET_CHUNKS_ID)?.textContent ?? '{}');
    if (parsed && typeof parsed === 'object') chunks = parsed as Record<string, unknown>;
  } catch {
    return; // No hints: the app loads what it needs itself.
  }
  const named = new Set<string>();
  for (const type of types) {
    const files = chunks[type];
    if (!Array.isArray(files)) continue;
    for (const file of files) if (typeof file === 'string') named.add(file);
  }
  for (const href of named) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}
