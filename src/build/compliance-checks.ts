import type { RenderNode } from '../engine/document/types';
import { REGULATED_PRODUCT_KINDS } from '../engine/registry/widget-definition';
import type { JsonPath } from './diagnostic';
import type { SemanticProblem } from './semantic-checks';

/** A node's answer: the product kinds it promotes, and whether it is the risk notice. */
export type ComplianceOf = (
  type: string,
  props: unknown,
) => { promotes: readonly string[]; isRiskNotice: boolean } | undefined;

interface DocShape {
  body?: RenderNode[] | undefined;
  dialogs?: { body: RenderNode[] }[] | undefined;
}

const REGULATED: ReadonlySet<string> = new Set(REGULATED_PRODUCT_KINDS);

const KIND_NAMES: Readonly<Record<string, string>> = {
  loan: 'a loan',
  'credit-card': 'a credit card',
  installment: 'an installment',
  fund: 'a fund',
};

/**
 * The compliance rule (docs/decisions/0017): a page promoting a loan, credit card, installment
 * or fund product shows the risk notice. Widgets say what they promote (WidgetDefinition
 * `compliance`), so this knows no widget by name. The notice counts only where every visitor
 * sees it: a node of `body` (top level, or inside containers) with no `when` on it or on any
 * parent, and not in a dialog or in a widget that mounts only some of its children (tabs).
 */
export function checkCompliance(
  doc: DocShape,
  complianceOf: ComplianceOf,
  mountsAllChildren: (type: string, props: unknown) => boolean = () => true,
): SemanticProblem[] {
  let notice = false;
  const promoting: { path: JsonPath; kind: string }[] = [];
  const walk = (nodes: RenderNode[], path: JsonPath, alwaysShown: boolean) => {
    nodes.forEach((node, index) => {
      const here = [...path, index];
      const shown = alwaysShown && node.when === undefined;
      const answer = complianceOf(node.type, node.props);
      if (answer?.isRiskNotice && shown) notice = true;
      const kind = answer?.promotes.find((k) => REGULATED.has(k));
      if (kind) promoting.push({ path: here, kind });
      if (node.children) {
        walk(
          node.children,
          [...here, 'children'],
          shown && mountsAllChildren(node.type, node.props),
        );
      }
    });
  };
  walk(doc.body ?? [], ['body'], true);
  (doc.dialogs ?? []).forEach((dialog, index) =>
    walk(dialog.body, ['dialogs', index, 'body'], false),
  );
  if (notice) return [];
  return promoting.map(({ path, kind }) => ({
    path,
    message: `this page promotes ${KIND_NAMES[kind] ?? kind} product: add a "risk-notice" block to its body, shown to every visitor (no "when"; docs/decisions/0017)`,
    code: 'missing-risk-notice',
  }));
}
