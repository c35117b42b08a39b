/**
 * URL props whose bindings read only the page's own facts (`{{page.activityCode}}`,
 * `{{page.route}}`…: src/engine/page/page-info.ts) are filled in by the compiler and checked here
 * by the URL policy, as a literal is (issue 10). Those values are the same for every visitor, so
 * the browser gets a literal and the page loads no policy for them (decision 0028 loads it only
 * for documents that still bind a URL to something the build cannot know: data, query, state).
 */
import { bindProps } from '../engine/bindings/interpolate';
import type { CampaignDocument, RenderNode } from '../engine/document/types';
import type { PageInfo } from '../engine/page/page-info';
import type { UrlPropPath } from '../engine/urls/apply-url-policy';
import type { UrlPropsOf } from '../engine/urls/bound-url-paths';
import { checkUrlLiteral, type UrlKind } from '../services/urls/url-policy';
import type { JsonPath } from './diagnostic';
import type { SemanticProblem } from './semantic-checks';

/** The binding syntax of src/engine/bindings/interpolate.ts. */
const BINDING = /\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$]+)*)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g;

/** Whether every binding of `text` reads the page's facts, and there is at least one. */
function bindsOnlyPage(text: string): boolean {
  let bindings = 0;
  const rest = text.replace(BINDING, (match, path: string) => {
    if (!path.startsWith('page.')) return match;
    bindings += 1;
    return '';
  });
  return bindings > 0 && !rest.includes('{{');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

interface Fill {
  page: PageInfo;
  problems: SemanticProblem[];
}

/** `value` with the strings at `path` filled in where they bind only the page (copied on write). */
function fillAt(
  value: unknown,
  path: readonly string[],
  depth: number,
  kind: UrlKind,
  fill: Fill,
  at: JsonPath,
): unknown {
  if (depth === path.length) {
    if (typeof value !== 'string' || !bindsOnlyPage(value)) return value;
    // The renderer's own binding (a whole binding keeps its value's type).
    const filled: unknown = bindProps(value, { page: fill.page });
    if (typeof filled !== 'string') return value;
    const verdict = checkUrlLiteral(kind, filled);
    if (!verdict.ok) {
      fill.problems.push({
        path: at,
        message: `"${value}" is "${filled}" on this page: ${verdict.reason}${verdict.needs ? `: ${verdict.needs}` : ''}`,
        code: 'schema',
      });
    }
    return filled;
  }
  const segment = path[depth] ?? '';
  if (segment === '*') {
    if (Array.isArray(value)) {
      const next = value.map((item, index) =>
        fillAt(item, path, depth + 1, kind, fill, [...at, index]),
      );
      return next.some((item, index) => item !== value[index]) ? next : value;
    }
    if (isRecord(value)) {
      let next: Record<string, unknown> | null = null;
      for (const key of Object.keys(value)) {
        const item = fillAt(value[key], path, depth + 1, kind, fill, [...at, key]);
        if (item !== value[key]) (next ??= { ...value })[key] = item;
      }
      return next ?? value;
    }
    return value;
  }
  if (!isRecord(value) || !Object.hasOwn(value, segment)) return value;
  const item = fillAt(value[segment], path, depth + 1, kind, fill, [...at, segment]);
  return item === value[segment] ? value : { ...value, [segment]: item };
}

function fillNodes(
  nodes: readonly RenderNode[],
  urlProps: UrlPropsOf,
  fill: Fill,
  at: JsonPath,
): RenderNode[] {
  return nodes.map((node, index) => {
    const here = [...at, index];
    let props: unknown = node.props;
    for (const { kind, path } of urlProps(node.type) as readonly UrlPropPath[]) {
      props = fillAt(props, path, 0, kind, fill, [...here, 'props']);
    }
    const children =
      node.children && fillNodes(node.children, urlProps, fill, [...here, 'children']);
    const childrenChanged = children?.some((child, i) => child !== node.children?.[i]) === true;
    if (props === node.props && !childrenChanged) return node;
    return {
      ...node,
      props,
      ...(children && childrenChanged ? { children } : {}),
    };
  });
}

/**
 * `document` with every URL prop that binds only `page` filled in for `page`, and the policy's
 * objections to the values it made (located at the prop, as for a literal).
 */
export function fillPageBoundUrls<D extends Pick<CampaignDocument, 'body' | 'dialogs'>>(
  document: D,
  urlProps: UrlPropsOf,
  page: PageInfo,
): { document: D; problems: SemanticProblem[] } {
  const fill: Fill = { page, problems: [] };
  const body = document.body && fillNodes(document.body, urlProps, fill, ['body']);
  const dialogs = document.dialogs?.map((dialog, index) => {
    const filled = fillNodes(dialog.body, urlProps, fill, ['dialogs', index, 'body']);
    return filled.some((node, i) => node !== dialog.body[i]) ? { ...dialog, body: filled } : dialog;
  });
  return {
    document: {
      ...document,
      ...(body ? { body } : {}),
      ...(dialogs ? { dialogs } : {}),
    },
    problems: fill.problems,
  };
}
