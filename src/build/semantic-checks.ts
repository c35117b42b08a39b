import type { Action } from '../engine/actions/action-schema';
import type { RenderNode } from '../engine/document/types';
import { formatPath, type JsonPath } from './diagnostic';
import { didYouMean } from './suggest';

/** What a schema alone cannot check: references between parts of a document. */
export interface SemanticContext {
  isKnownApi: (name: string) => boolean;
  apiNames: readonly string[];
  /** Every route of campaigns/, for internal navigate targets. */
  routes: ReadonlySet<string>;
}

export interface SemanticProblem {
  path: JsonPath;
  message: string;
  code: string;
}

interface DocShape {
  body?: RenderNode[] | undefined;
  dialogs?: { id: string; body: RenderNode[] }[] | undefined;
  onLoad?: Action[] | undefined;
  data?: Record<string, { call: string }> | undefined;
  redirect?: { to: string } | undefined;
}

type Visit = (actions: Action[], path: JsonPath) => void;

function walkNodes(
  nodes: RenderNode[],
  path: JsonPath,
  visit: (node: RenderNode, path: JsonPath) => void,
) {
  nodes.forEach((node, index) => {
    const here = [...path, index];
    visit(node, here);
    if (node.children) walkNodes(node.children, [...here, 'children'], visit);
  });
}

const NESTED_BRANCHES = ['onSuccess', 'onError', 'onConfirm', 'onCancel'] as const;

function walkActions(actions: Action[], path: JsonPath, visit: (a: Action, p: JsonPath) => void) {
  actions.forEach((action, index) => {
    const here = [...path, index];
    visit(action, here);
    for (const branch of NESTED_BRANCHES) {
      const nested = (action as Partial<Record<(typeof NESTED_BRANCHES)[number], Action[]>>)[
        branch
      ];
      if (nested) walkActions(nested, [...here, branch], visit);
    }
  });
}

export function checkDocumentReferences(
  doc: DocShape,
  context: SemanticContext,
): SemanticProblem[] {
  const problems: SemanticProblem[] = [];
  const nodeIds = new Map<string, JsonPath>();
  const dialogIds = new Map<string, JsonPath>();
  const actionLists: [Action[], JsonPath][] = [];

  const visitNode = (node: RenderNode, path: JsonPath) => {
    if (node.id !== undefined) {
      const first = nodeIds.get(node.id);
      if (first) {
        problems.push({
          path: [...path, 'id'],
          message: `duplicate node id "${node.id}" (first used at ${formatPath(first)}): ids must be unique`,
          code: 'duplicate-id',
        });
      } else nodeIds.set(node.id, path);
    }
    for (const [event, actions] of Object.entries(node.on ?? {})) {
      if (actions) actionLists.push([actions, [...path, 'on', event]]);
    }
  };

  walkNodes(doc.body ?? [], ['body'], visitNode);
  (doc.dialogs ?? []).forEach((dialog, index) => {
    const first = dialogIds.get(dialog.id);
    if (first) {
      problems.push({
        path: ['dialogs', index, 'id'],
        message: `duplicate dialog id "${dialog.id}"`,
        code: 'duplicate-id',
      });
    } else dialogIds.set(dialog.id, ['dialogs', index]);
    walkNodes(dialog.body, ['dialogs', index, 'body'], visitNode);
  });
  if (doc.onLoad) actionLists.push([doc.onLoad, ['onLoad']]);

  const checkApi = (name: string, path: JsonPath) => {
    if (!context.isKnownApi(name)) {
      problems.push({
        path,
        message: `unknown api call "${name}"${didYouMean(name, context.apiNames)}`,
        code: 'unknown-api',
      });
    }
  };
  for (const [name, source] of Object.entries(doc.data ?? {}))
    checkApi(source.call, ['data', name, 'call']);

  const checkRoute = (to: string, path: JsonPath) => {
    if (!to.startsWith('/') || to.startsWith('//')) return;
    const route = to.split(/[?#]/)[0] ?? to;
    if (!context.routes.has(route)) {
      problems.push({
        path,
        message: `no campaign serves the route "${route}"${didYouMean(route, context.routes)}`,
        code: 'unknown-route',
      });
    }
  };
  if (doc.redirect) checkRoute(doc.redirect.to, ['redirect', 'to']);

  const visitAction: Visit = (actions, path) =>
    walkActions(actions, path, (action, here) => {
      if (action.type === 'api') checkApi(action.call, [...here, 'call']);
      if (action.type === 'openDialog' || (action.type === 'closeDialog' && action.dialog)) {
        const id = action.dialog ?? '';
        if (!dialogIds.has(id)) {
          problems.push({
            path: [...here, 'dialog'],
            message: `no dialog has the id "${id}"${didYouMean(id, dialogIds.keys())}`,
            code: 'unknown-dialog',
          });
        }
      }
      if (action.type === 'scrollTo' && !nodeIds.has(action.node)) {
        problems.push({
          path: [...here, 'node'],
          message: `no node has the id "${action.node}"${didYouMean(action.node, nodeIds.keys())}`,
          code: 'unknown-node',
        });
      }
      if (action.type === 'navigate') checkRoute(action.to, [...here, 'to']);
    });
  for (const [actions, path] of actionLists) visitAction(actions, path);
  return problems;
}
