import type { RenderNode } from '../engine/document/types';
import { floatReserve } from '../engine/layout/float-dock';
import { resolveLayout } from '../engine/layout/root-font-size';
import type { FloatingPlacement } from '../engine/registry/widget-definition';
import type { JsonPath } from './diagnostic';
import type { SemanticProblem } from './semantic-checks';

/** A node's floating placement (WidgetDefinition.floating), or undefined when it does not float. */
export type FloatingOf = (type: string, props: unknown) => FloatingPlacement | undefined;

/** The phone widths the overlap check lays a page out at (issue 33: 320, 375 and 414 px). */
export const OVERLAP_CHECK_WIDTHS = [320, 375, 414] as const;

interface DocShape {
  body?: RenderNode[] | undefined;
  layout?: { baseWidth?: number | undefined; maxWidth?: number | undefined } | undefined;
}

function eachNode(
  nodes: readonly RenderNode[],
  path: JsonPath,
  visit: (node: RenderNode, path: JsonPath) => void,
) {
  nodes.forEach((node, index) => {
    const here = [...path, index];
    visit(node, here);
    if (node.children) eachNode(node.children, [...here, 'children'], visit);
  });
}

/** The page's column at a viewport width (spec §2 layout rules: the page is capped and centred). */
export function pageColumn(
  viewportWidth: number,
  maxWidth: number,
): { left: number; right: number } {
  const width = Math.min(viewportWidth, maxWidth);
  const left = (viewportWidth - width) / 2;
  return { left, right: left + width };
}

const list = (widths: readonly number[]) =>
  widths.length === 1
    ? `${widths[0]}`
    : `${widths.slice(0, -1).join(', ')} and ${widths[widths.length - 1]}`;

/**
 * The floating widgets of a page's body against its layout. A freely placed box is laid out at
 * 320, 375 and 414 px: the page's content fills its column from top to bottom (a campaign page
 * is taller than a screen), so a box inside the column covers content there, and a box past the
 * screen's right edge is cut off. Both are warnings located at the node: the page still works.
 * Also the page's reserve for docked widgets (`floatReserve`).
 */
export function checkFloating(
  doc: DocShape,
  route: string | null,
  floatingOf: FloatingOf,
): { problems: SemanticProblem[]; reserve: number } {
  const { maxWidth } = resolveLayout(route ?? '/', doc.layout);
  const problems: SemanticProblem[] = [];
  const docked: number[] = [];
  eachNode(doc.body ?? [], ['body'], (node, path) => {
    const placement = floatingOf(node.type, node.props);
    if (!placement) return;
    if (placement.kind === 'dock') {
      if (docked.length > 0) {
        problems.push({
          path,
          message: `a second docked floating widget ("${node.type}") would sit on the first: the page's safe zone holds one; place this one freely (left and top) or drop it`,
          code: 'floating-overlap',
          severity: 'warning',
        });
      }
      docked.push(placement.height);
      return;
    }
    if (placement.kind === 'runtime') {
      problems.push({
        path,
        message: `floating "${node.type}" takes its position from the activity at run time, which the validator cannot check: it may cover content; dock it (placement "dock") or give left and top`,
        code: 'floating-unchecked',
        severity: 'warning',
      });
      return;
    }
    const covers: number[] = [];
    const cut: number[] = [];
    for (const width of OVERLAP_CHECK_WIDTHS) {
      const column = pageColumn(width, maxWidth);
      const right = placement.left + placement.width;
      if (placement.left < column.right && right > column.left) covers.push(width);
      if (right > width) cut.push(width);
    }
    const box = `left ${placement.left} px, top ${placement.top} px, ${placement.width}×${placement.height} px`;
    if (covers.length > 0) {
      problems.push({
        path,
        message: `floating "${node.type}" at ${box} covers the page's content at ${list(covers)} px wide: dock it (placement "dock"), where the page reserves its space below the content`,
        code: 'floating-overlap',
        severity: 'warning',
      });
    }
    if (cut.length > 0) {
      problems.push({
        path,
        message: `floating "${node.type}" at ${box} runs past the screen's right edge at ${list(cut)} px wide`,
        code: 'floating-off-screen',
        severity: 'warning',
      });
    }
  });
  return { problems, reserve: floatReserve(docked) };
}
