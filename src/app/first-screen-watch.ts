/**
 * The part of the first-screen watcher (./first-screen.ts) that only a page with waiting nodes
 * needs, a chunk of its own (decision 0028): releases waiting nodes as the visitor nears them,
 * keeps what was typed into their markup, and holds a tap on one until it renders, then taps the
 * same element again.
 */
import type { DeferredNodes } from '../engine/prerender/deferred-nodes';
import { atPath, pathFrom } from './early-taps';
import { NODE_SELECTOR, RELEASE_AHEAD } from './first-screen-types';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether the visitor changed a field from what the markup came with. */
function changed(field: Field, view: Window & typeof globalThis): boolean {
  if (field instanceof view.HTMLSelectElement) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (
    field instanceof view.HTMLInputElement &&
    (field.type === 'checkbox' || field.type === 'radio')
  ) {
    return field.checked !== field.defaultChecked;
  }
  return field.value !== field.defaultValue;
}

/**
 * Before a waiting node renders for real: what was typed into its markup's fields and which of
 * them had the focus; after: the same, given to the rendered fields as typing would (the native
 * setter, then an input event, which React's onChange hears).
 */
function keepFields(section: Element, view: Window & typeof globalThis): () => void {
  const fields = [...section.querySelectorAll<Field>('input, textarea, select')];
  const typed = fields
    .filter((field) => changed(field, view))
    .map((field) => ({ path: pathFrom(section, field) ?? [], field }));
  const active = section.ownerDocument.activeElement;
  const focused = active && section.contains(active) ? pathFrom(section, active) : null;
  return () => {
    for (const { path, field } of typed) {
      const next = atPath(section, path);
      if (!next || next.tagName !== field.tagName) continue;
      const prototype = Object.getPrototypeOf(next) as object;
      if (
        next instanceof view.HTMLInputElement &&
        (next.type === 'checkbox' || next.type === 'radio')
      ) {
        if (next.checked !== (field as HTMLInputElement).checked) next.click();
        continue;
      }
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(next, field.value);
      next.dispatchEvent(new view.Event('input', { bubbles: true }));
      next.dispatchEvent(new view.Event('change', { bubbles: true }));
    }
    if (focused) {
      const next = atPath(section, focused);
      if (next instanceof view.HTMLElement) next.focus();
    }
  };
}

/**
 * Releases waiting nodes as the visitor comes near them, and holds a tap on a node still showing
 * its markup until the node renders, then taps the same element again.
 */
export function watchWaitingNodes(
  root: Element,
  deferred: DeferredNodes,
  view: Window & typeof globalThis,
): void {
  const ids = deferred.nodeIds();
  const sectionOf = (nodeId: string) =>
    [...root.querySelectorAll<HTMLElement>(NODE_SELECTOR)].find(
      (section) => section.dataset.nodeId === nodeId,
    );
  deferred.keepWith((nodeId) => {
    const section = sectionOf(nodeId);
    return section ? keepFields(section, view) : () => undefined;
  });
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
