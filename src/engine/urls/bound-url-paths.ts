/**
 * Which URL-typed props of a document a `{{binding}}` fills in (issue 10, decision 0028). The
 * compiler marks those nodes (`boundUrls`) and the document (`bindsUrls`); only such a document
 * loads the URL policy at run time (./lazy-url-policy.ts), and only those positions are checked
 * after bindings (src/engine/render/node-view.tsx). Literal URLs were checked by the validator.
 */
import { hasBinding } from '../bindings/interpolate';
import type { RenderNode } from '../document/types';
import type { UrlPropPath } from './apply-url-policy';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether any string in the tree holds a binding. */
function holdsBinding(value: unknown): boolean {
  if (typeof value === 'string') return hasBinding(value);
  if (Array.isArray(value)) return value.some(holdsBinding);
  if (isRecord(value)) return Object.values(value).some(holdsBinding);
  return false;
}

/**
 * Whether a binding can put a value at `path` below `value`: a bound string on the way (a whole
 * binding like "{{data.items}}" yields any structure) or at the end ("/{{query.u}}").
 */
function reachesBinding(value: unknown, path: readonly string[], depth: number): boolean {
  if (typeof value === 'string') return hasBinding(value);
  if (depth === path.length) return holdsBinding(value);
  const segment = path[depth] ?? '';
  if (segment === '*') {
    const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
    return items.some((item) => reachesBinding(item, path, depth + 1));
  }
  return isRecord(value) && Object.hasOwn(value, segment)
    ? reachesBinding(value[segment], path, depth + 1)
    : false;
}

/** The positions among `paths` whose value a binding fills in. */
export function boundUrlPaths(props: unknown, paths: readonly UrlPropPath[]): UrlPropPath[] {
  return paths.filter(({ path }) => reachesBinding(props, path, 0));
}

/** A type's URL-typed prop positions (widgets/url-props.generated.ts). */
export type UrlPropsOf = (type: string) => readonly UrlPropPath[];

/** Looks a type up in a table of positions; a type named "__proto__" has none. */
export function urlPropsIn(table: Readonly<Record<string, readonly UrlPropPath[]>>): UrlPropsOf {
  return (type) => (Object.hasOwn(table, type) ? (table[type] ?? []) : []);
}

/**
 * `nodes` with `boundUrls` set on each node (children included) that binds a URL-typed prop, and
 * whether any does. Nodes that bind none come back as they were.
 */
export function markBoundUrls(
  nodes: readonly RenderNode[],
  urlProps: UrlPropsOf,
): { nodes: RenderNode[]; binds: boolean } {
  let binds = false;
  const marked = nodes.map((node) => {
    const children = node.children ? markBoundUrls(node.children, urlProps) : undefined;
    const bound = boundUrlPaths(node.props, urlProps(node.type));
    if (children?.binds) binds = true;
    if (bound.length === 0 && !children?.binds) return node;
    binds = true;
    return {
      ...node,
      ...(children ? { children: children.nodes } : {}),
      ...(bound.length > 0 ? { boundUrls: bound } : {}),
    };
  });
  return { nodes: marked, binds };
}
