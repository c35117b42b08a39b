import { resolvePath } from '../../contracts/conditions/resolve-path';

/** `{{ path }}` or `{{ path | fallback text }}`; paths are dotted identifiers or indexes. */
const BINDING = /\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$]+)*)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g;

export function hasBinding(text: string): boolean {
  return text.includes('{{');
}

function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/**
 * Replaces bindings with values from the scope as plain text. The result is text for React to
 * escape: it is never parsed as HTML and nothing in it is executed.
 */
export function interpolate(text: string, scope: unknown): string {
  if (!hasBinding(text)) return text;
  return text.replace(BINDING, (_match, path: string, fallback: string | undefined) => {
    const resolved = toText(resolvePath(scope, path));
    return resolved === '' && fallback !== undefined ? fallback : resolved;
  });
}

/**
 * Resolves bindings in every string of a props tree. A string that is exactly one binding keeps
 * the bound value's type (so `"{{data.prizes}}"` yields the list itself).
 */
export function bindProps<T>(value: T, scope: unknown): T {
  return bindValue(value, scope) as T;
}

const WHOLE_BINDING = /^\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$]+)*)\s*\}\}$/;

function bindValue(value: unknown, scope: unknown): unknown {
  if (typeof value === 'string') {
    if (!hasBinding(value)) return value;
    const whole = WHOLE_BINDING.exec(value);
    if (whole?.[1]) return resolvePath(scope, whole[1]);
    return interpolate(value, scope);
  }
  if (Array.isArray(value)) return value.map((item) => bindValue(item, scope));
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties, so a "__proto__" key stays data, never a prototype.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, bindValue(item, scope)]),
    );
  }
  return value;
}

/**
 * Whether a props tree holds a binding anywhere, remembered per object: documents are data that
 * never change once loaded, so each tree is walked once per page, not once per render. Only the
 * trees asked about are remembered (a node's props, and the subtrees bindShared descends into),
 * not every object inside them: a WeakMap entry costs more than walking a small subtree.
 */
const holdsBindingCache = new WeakMap<object, boolean>();

function holdsBinding(value: unknown): boolean {
  if (typeof value === 'string') return hasBinding(value);
  if (value === null || typeof value !== 'object') return false;
  let holds = holdsBindingCache.get(value);
  if (holds === undefined) {
    holds = treeHoldsBinding(value);
    holdsBindingCache.set(value, holds);
  }
  return holds;
}

function treeHoldsBinding(value: unknown): boolean {
  if (typeof value === 'string') return hasBinding(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(treeHoldsBinding);
  for (const key in value) {
    if (
      Object.prototype.hasOwnProperty.call(value, key) &&
      treeHoldsBinding((value as Record<string, unknown>)[key])
    ) {
      return true;
    }
  }
  return false;
}

/**
 * `bindProps` for the renderer, without the copy where nothing is bound: a tree (or subtree)
 * that holds no binding is returned as it is, so a node of plain props costs a map look-up per
 * render and its widget gets the same props object every time. Where bindings are, the result is
 * a fresh tree like bindProps'. Callers must treat the result as read-only: it may be the
 * document itself.
 */
export function bindPropsShared<T>(value: T, scope: unknown): T {
  return bindShared(value, scope) as T;
}

function bindShared(value: unknown, scope: unknown): unknown {
  if (typeof value === 'string') return bindValue(value, scope);
  if (!holdsBinding(value) || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => bindShared(item, scope));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, bindShared(item, scope)]),
  );
}
