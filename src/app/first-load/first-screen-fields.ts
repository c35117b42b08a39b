/**
 * What was typed into a waiting node's markup, carried over to the node once it renders
 * (./first-screen-watch.ts, decision 0026): a chunk of its own, which only a page whose waiting
 * nodes have form fields loads, beside the watcher (./first-screen.ts).
 */
import { atPath, pathFrom } from './early-taps';

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
export function keepFields(section: Element, view: Window & typeof globalThis): () => void {
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
