/** Names that must never resolve, so a binding cannot reach the prototype chain. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Reads `a.b.0.c` from a scope through own properties only. Returns undefined for anything that
 * is missing or forbidden: bindings never throw and never execute code.
 */
export function resolvePath(scope: unknown, path: string): unknown {
  let current: unknown = scope;
  for (const segment of path.split('.')) {
    if (segment === '' || FORBIDDEN_SEGMENTS.has(segment)) return undefined;
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
