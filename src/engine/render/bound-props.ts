import type { Services } from '../../services/types';
import { bindPropsShared } from '../bindings/interpolate';
import type { RenderNode } from '../document/types';
import type { UrlPolicyReport } from '../urls/apply-url-policy';
import { urlPolicy } from '../urls/lazy-url-policy';

/**
 * One node's props with bindings filled in, then the URL policy over the URL-typed props a
 * binding filled in (issue 19, decisions 0023 and 0028): a bound value the build never saw is
 * checked by the rule the validator used on literals; a refused one is left out (the widget sees
 * no value) and reported once. The compiler lists those positions on the node (`boundUrls`), and
 * the document that has any loads the policy before its first render; were it not there yet, the
 * node waits for it (suspends) rather than show an unchecked URL. The value is kept while neither
 * the props nor the scope change, so a widget gets the same props object on every such render.
 */
export class BoundProps {
  private last: { props: unknown; scope: unknown; value: unknown } | null = null;
  /** URL values already reported as refused. */
  private readonly warned = new Set<string>();

  private readonly nodeId: string;
  private readonly services: Services;

  constructor(nodeId: string, services: Services) {
    this.nodeId = nodeId;
    this.services = services;
  }

  of(node: RenderNode, scope: Record<string, unknown>): unknown {
    const { props, boundUrls } = node;
    const last = this.last;
    if (last && last.props === props && last.scope === scope) return last.value;
    let value: unknown = bindPropsShared(props, scope);
    if (boundUrls) {
      const policy = urlPolicy.peek();
      // A thenable thrown from render suspends the node until the policy's chunk is there.
      if (!policy) throw urlPolicy.get();
      value = policy.applyUrlPolicy(
        value,
        boundUrls,
        { ownOrigin: this.services.navigation.href() },
        (refused) => this.warnRefused(node.type, refused),
      );
    }
    this.last = { props, scope, value };
    return value;
  }

  /** One warning per refused value and position for the node's life. */
  private warnRefused(widget: string, refused: Parameters<UrlPolicyReport>[0]): void {
    const key = `${refused.path} ${refused.value}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.services.logger.info('url refused after binding', {
      nodeId: this.nodeId,
      widget,
      ...refused,
    });
  }
}
