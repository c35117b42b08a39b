import type { Services } from '../../services/types';
import { bindPropsShared } from '../bindings/interpolate';
import type { RenderNode } from '../document/types';
import { urlPolicy } from '../urls/lazy-url-policy';

/** A node's props as its widget gets them, for a scope (see boundProps). */
export type BindProps = (node: RenderNode, scope: Record<string, unknown>) => unknown;

/**
 * One node's props with bindings filled in, then the URL policy over the URL-typed props a
 * binding filled in (issue 19, decisions 0023 and 0028): a bound value the build never saw is
 * checked by the rule the validator used on literals; a refused one is left out (the widget sees
 * no value) and reported once per value and position for the node's life. The compiler lists
 * those positions on the node (`boundUrls`), and the document that has any loads the policy
 * before its first render; were it not there yet, the node waits for it (suspends) rather than
 * show an unchecked URL. The value is kept while neither the props nor the scope change, so the
 * widget gets the same props object on every such render.
 */
export function boundProps(nodeId: string, services: Services): BindProps {
  let last: { props: unknown; scope: unknown; value: unknown } | null = null;
  // Made at the first refusal: most nodes never have one (a page may have hundreds of nodes).
  let warned: Set<string> | undefined;
  return (node, scope) => {
    const { props, boundUrls } = node;
    if (last && last.props === props && last.scope === scope) return last.value;
    let value: unknown = bindPropsShared(props, scope);
    if (boundUrls) {
      const policy = urlPolicy.peek();
      // A thenable thrown from render suspends the node until the policy's chunk is there.
      if (!policy) throw urlPolicy.get();
      value = policy.applyUrlPolicy(
        value,
        boundUrls,
        { ownOrigin: services.navigation.href() },
        (refused) => {
          const key = `${refused.path} ${refused.value}`;
          warned ??= new Set();
          if (warned.has(key)) return;
          warned.add(key);
          services.logger.info('url refused after binding', {
            nodeId,
            widget: node.type,
            ...refused,
          });
        },
      );
    }
    last = { props, scope, value };
    return value;
  };
}
