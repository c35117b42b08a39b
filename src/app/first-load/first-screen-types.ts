/**
 * Which widget types a prerendered page's first screen shows, read from the painted page by the
 * app's entry (boot.ts), and the fetch of their chunks (decision 0026). Tiny and free of the
 * app's modules: the entry runs it before the app has loaded.
 */
import { WIDGET_CHUNKS_ID } from '../../contracts/site/prerender-attribute';

export const NODE_SELECTOR = 'section[data-node-id]';

/**
 * How far beyond the viewport a node still counts as on the first screen, in viewport heights;
 * a waiting node is released when it comes this near (first-screen.ts). A phone's scroll starts
 * with a touch, which releases every waiting node at once; this serves wheels and scroll bars.
 */
export const RELEASE_AHEAD = 0.25;

/** Whether a box is on the first screen: the viewport and RELEASE_AHEAD of it either side. */
function onFirstScreen(box: DOMRect, viewportHeight: number): boolean {
  return (
    box.top < viewportHeight * (1 + RELEASE_AHEAD) && box.bottom > -viewportHeight * RELEASE_AHEAD
  );
}

/**
 * The widget types of the nodes on the first screen of `root` (nested ones included). A floating
 * widget (`position: fixed`, as share-entry's button) shows where its own box is, not where its
 * section sits in the flow, which may be far below: its box counts too. Counted by its section
 * alone, /'s share button showed its prerendered label until the visitor's first touch, then
 * turned into the activity's image.
 */
export function firstScreenTypes(root: Element, viewportHeight: number): Set<string> {
  const types = new Set<string>();
  for (const section of root.querySelectorAll<HTMLElement>(NODE_SELECTOR)) {
    const widgetBox = section.firstElementChild?.getBoundingClientRect();
    const painted = widgetBox !== undefined && (widgetBox.width > 0 || widgetBox.height > 0);
    if (
      onFirstScreen(section.getBoundingClientRect(), viewportHeight) ||
      (painted && onFirstScreen(widgetBox, viewportHeight))
    ) {
      types.add(section.dataset.widget ?? '');
    }
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
