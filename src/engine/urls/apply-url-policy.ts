/**
 * The engine's pass of the URL policy over a node's props once `{{bindings}}` are filled in
 * (issue 19, decision 0023): a bound value the build never saw is checked by the same rule the
 * validator used on literals (./url-policy.ts), before the widget sees it. Widgets never check
 * URLs themselves.
 *
 * Where to look comes from the widget's schema, computed once at build time
 * (`urlProp(kind)` fields, listed in widgets/url-props.generated.ts by `npm run generate`): the
 * compiler lists on each node the positions a binding fills in (`boundUrls`, ./bound-url-paths.ts),
 * so nothing walks a schema while rendering. A chunk of its own (./lazy-url-policy.ts).
 */
import { checkUrl, type UrlContext, type UrlKind } from '../../services/urls/url-policy';

/** One URL-typed position in a widget's props: '*' stands for every item of a list or record. */
export interface UrlPropPath {
  readonly kind: UrlKind;
  readonly path: readonly string[];
}

export interface UrlPolicyReport {
  (detail: { kind: UrlKind; path: string; value: string; reason: string }): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Returns `props` with every value at `paths` replaced by what the policy accepts: the
 * re-serialised URL, or (refused) nothing: the key is removed, a list item is dropped. Objects
 * on the way are copied only where something changes; otherwise `props` itself comes back.
 */
export function applyUrlPolicy<T>(
  props: T,
  paths: readonly UrlPropPath[],
  context: UrlContext,
  report: UrlPolicyReport,
): T {
  let current: unknown = props;
  for (const { kind, path } of paths) {
    current = applyAt(current, path, 0, kind, context, report, []);
  }
  return current as T;
}

/** `undefined` in a list means "drop this item". */
const DROP = Symbol('drop');

function applyAt(
  value: unknown,
  path: readonly string[],
  depth: number,
  kind: UrlKind,
  context: UrlContext,
  report: UrlPolicyReport,
  trail: string[],
): unknown {
  if (depth === path.length) {
    if (value === undefined || value === null) return value;
    const verdict = checkUrl(kind, value, context);
    if (verdict.ok) return verdict.url === value ? value : verdict.url;
    report({
      kind,
      path: trail.join('.'),
      value: typeof value === 'string' ? value : typeof value,
      reason: verdict.reason,
    });
    return DROP;
  }
  const segment = path[depth] ?? '';
  if (segment === '*') {
    if (Array.isArray(value)) {
      let changed = false;
      const next: unknown[] = [];
      value.forEach((item, index) => {
        const result = applyAt(item, path, depth + 1, kind, context, report, [
          ...trail,
          String(index),
        ]);
        if (result !== item) changed = true;
        if (result !== DROP) next.push(result);
      });
      return changed ? next : value;
    }
    if (isRecord(value)) {
      let next: Record<string, unknown> | null = null;
      for (const key of Object.keys(value)) {
        const item = value[key];
        const result = applyAt(item, path, depth + 1, kind, context, report, [...trail, key]);
        if (result === item) continue;
        next ??= { ...value };
        if (result === DROP) delete next[key];
        else next[key] = result;
      }
      return next ?? value;
    }
    return value;
  }
  if (!isRecord(value) || !Object.hasOwn(value, segment)) return value;
  const item = value[segment];
  const result = applyAt(item, path, depth + 1, kind, context, report, [...trail, segment]);
  if (result === item) return value;
  const next = { ...value };
  if (result === DROP) delete next[segment];
  else next[segment] = result;
  return next;
}
