import {
  Component,
  Suspense,
  useMemo,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useServices } from '../../services/context';
import type { Services } from '../../services/types';
import { bindPropsShared } from '../bindings/interpolate';
import type { UrlPolicyReport } from '../urls/apply-url-policy';
import { urlPolicy } from '../urls/lazy-url-policy';
import { UI_COPY } from '../../ui/copy';
import { LoadError } from '../../ui/load-error';
import { classifyChunkError, reloadOnceForChunkError } from '../chunks/chunk-errors';
import { conditionHolds } from '../conditions/lazy-conditions';
import type { FaultKind } from '../data/fault';
import { createFaultScope, FaultScopeContext } from '../data/fault-scope';
import type { RenderNode } from '../document/types';
import type { WidgetComponentProps } from '../registry/widget-component';
import { useWidgetRegistry, type WidgetRegistry } from '../registry/widget-registry';
import { ClientOnly } from '../prerender/client-only';
import { usePage, type PageContextValue } from './page-context';

/** What every node of a list renders with, read from context once per list, not per node. */
interface NodeEnvironment {
  services: Services;
  registry: WidgetRegistry;
  page: PageContextValue;
}

/** Renders a list of nodes; ids default to their position so every node has one. */
export function NodeList({ nodes, path }: { nodes: readonly RenderNode[]; path: string }) {
  const services = useServices();
  const registry = useWidgetRegistry();
  const page = usePage();
  const env = useMemo(() => ({ services, registry, page }), [services, registry, page]);
  return (
    <>
      {nodes.map((node, index) => {
        const nodeId = node.id ?? `${path}-${index}`;
        return <NodeView key={nodeId} node={node} nodeId={nodeId} env={env} />;
      })}
    </>
  );
}

function UnknownWidget({ type }: { type: string }) {
  return (
    <div className="ce-node-fallback" role="note">
      未知模块：{type}
    </div>
  );
}

function Skeleton() {
  return <div className="ce-node-skeleton" aria-busy="true" />;
}

type WidgetComponent = ComponentType<WidgetComponentProps<never>>;

interface NodeViewProps {
  node: RenderNode;
  nodeId: string;
  env: NodeEnvironment;
}

/**
 * One node: its `when`, its bound props, its section and its widget, and the error boundary
 * that keeps a widget that throws to itself (a small fallback in its section, reported; the rest
 * of the page renders). One component per node, not a component, a boundary, a Suspense and a
 * lazy wrapper: on a page of hundreds of nodes those layers were most of the engine's render
 * cost (docs/perf.md, render cost).
 */
interface NodeViewState {
  failed: boolean;
  /** A fault of the widget's calls that the widget shows no load error for (fault-scope.ts). */
  fault: FaultKind | null;
}

export class NodeView extends Component<NodeViewProps, NodeViewState> {
  // Fields are declared and set in the constructor, not initialised in place, so how the build
  // compiles class fields (tsconfig: useDefineForClassFields false, plain assignments) is moot.
  /**
   * The widget's component, chosen at the node's first render and kept: the loaded component
   * when its chunk is there (the first render's chunks are loaded before React renders), else the
   * lazy one. Switching a mounted node from one to the other would remount the widget.
   */
  declare private widget: {
    type: string;
    component: WidgetComponent | undefined;
    /** The lazy component (its chunk was not there yet): it may suspend. */
    lazy: boolean;
  } | null;
  /** Bound props of the last render, kept while neither the props nor the scope change. */
  declare private bound: { props: unknown; scope: unknown; value: unknown } | null;
  /**
   * The prerendered markup the node shows while it waits below the first screen (decision
   * 0026), or null: taken at the first render, dropped once its widget's chunk has loaded.
   */
  declare private waitingMarkup: string | null;
  declare private stopWaiting: (() => void) | null;
  /** URL values already reported as refused (warnRefused). */
  declare private warned: Set<string> | undefined;
  /** What the widget's calls and load errors report to (src/engine/data/fault-scope.ts). */
  declare private faults: ReturnType<typeof createFaultScope> | null;

  constructor(props: NodeViewProps) {
    super(props);
    this.state = { failed: false, fault: null };
    this.widget = null;
    this.bound = null;
    this.waitingMarkup = props.env.registry.deferred?.take(props.nodeId) ?? null;
    this.stopWaiting = null;
    this.emit = this.emit.bind(this);
    // A widget that makes no call of its own has no faults to report (its meta says so).
    this.faults = props.env.registry.get(props.node.type)?.meta.callsNoApi
      ? null
      : createFaultScope((fault) => this.setState({ fault }));
  }

  override componentDidMount(): void {
    const { registry } = this.props.env;
    const { deferred } = registry;
    if (this.waitingMarkup === null || !deferred) return;
    const { nodeId, node } = this.props;
    deferred.mounted(nodeId);
    let mounted = true;
    const stop = deferred.whenReleased(nodeId, () => {
      void registry.load(node.type).then(() => {
        if (!mounted) return;
        deferred.thawing(nodeId);
        this.waitingMarkup = null;
        this.forceUpdate(() => deferred.thawed(nodeId));
      });
    });
    this.stopWaiting = () => {
      mounted = false;
      stop();
    };
  }

  override componentWillUnmount(): void {
    this.stopWaiting?.();
    this.stopWaiting = null;
  }

  static getDerivedStateFromError(): Partial<NodeViewState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const { node, nodeId, env } = this.props;
    env.services.logger.report(error, {
      nodeId,
      widget: node.type,
      componentStack: info.componentStack ?? '',
    });
    // A widget chunk missing after a deploy: reload once for the new build (spec §4).
    if (classifyChunkError(error)) reloadOnceForChunkError(env.services);
  }

  /** Bound once per node (constructor): stable for the node's life, runs the page's current actions. */
  private async emit(event: string, payload?: Record<string, unknown>): Promise<void> {
    const actions = this.props.node.on?.[event];
    if (actions) await this.props.env.page.run(actions, payload);
  }

  private component(type: string): { component: WidgetComponent | undefined; lazy: boolean } {
    if (this.widget?.type !== type) {
      const { registry } = this.props.env;
      const loaded = registry.loaded(type);
      this.widget = {
        type,
        component: loaded ?? registry.component(type),
        lazy: loaded === undefined,
      };
    }
    return this.widget;
  }

  /**
   * The node's props with bindings filled in, then the URL policy over the URL-typed props a
   * binding filled in (issue 19, decisions 0023 and 0028): a bound value the build never saw is
   * checked by the rule the validator used on literals; a refused one is left out (the widget
   * sees no value) and reported once. The compiler lists those positions on the node
   * (`boundUrls`), and the document that has any loads the policy before its first render; were
   * it not there yet, the node waits for it (suspends) rather than show an unchecked URL.
   */
  private boundProps(): unknown {
    const { node, env } = this.props;
    const { props, boundUrls } = node;
    const { scope } = env.page;
    let bound = this.bound;
    if (!bound || bound.props !== props || bound.scope !== scope) {
      let value: unknown = bindPropsShared(props, scope);
      if (boundUrls) {
        const policy = urlPolicy.peek();
        // A thenable thrown from render suspends the node until the policy's chunk is there.
        if (!policy) throw urlPolicy.get();
        value = policy.applyUrlPolicy(
          value,
          boundUrls,
          { ownOrigin: env.services.navigation.href() },
          (refused) => this.warnRefused(refused),
        );
      }
      bound = { props, scope, value };
      this.bound = bound;
    }
    return bound.value;
  }

  /** One warning per refused value and position for the node's life. */
  private warnRefused(refused: Parameters<UrlPolicyReport>[0]): void {
    const key = `${refused.path} ${refused.value}`;
    this.warned ??= new Set();
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.props.env.services.logger.info('url refused after binding', {
      nodeId: this.props.nodeId,
      widget: this.props.node.type,
      ...refused,
    });
  }

  override render(): ReactNode {
    const { node, nodeId, env } = this.props;
    if (node.when !== undefined && !conditionHolds(node.when, env.page.conditionContext)) {
      return null;
    }
    const widget = env.registry.get(node.type);
    if (widget && this.waitingMarkup !== null) {
      // The server's markup, as it is: hydration keeps it and renders nothing inside.
      return (
        <section
          className={widget.meta.fullBleed ? 'ce-node ce-node--bleed' : 'ce-node'}
          data-node-id={nodeId}
          data-widget={node.type}
          dangerouslySetInnerHTML={{ __html: this.waitingMarkup }}
        />
      );
    }
    const { component: Widget, lazy } = this.component(node.type);
    if (!widget || !Widget) {
      // A document validated at build time cannot name an unknown type; this guards old deploys.
      env.services.logger.report(new Error(`unknown widget type "${node.type}"`), { nodeId });
      return <UnknownWidget type={node.type} />;
    }
    let content: ReactNode;
    if (this.state.failed) {
      content = (
        <div className="ce-node-fallback" role="note" data-node-failed={nodeId}>
          此模块暂时无法显示
        </div>
      );
    } else {
      const children =
        widget.meta.acceptsChildren && node.children ? (
          <NodeList nodes={node.children} path={nodeId} />
        ) : undefined;
      content = (
        <Widget props={this.boundProps() as never} nodeId={nodeId} emit={this.emit}>
          {children}
        </Widget>
      );
      // How the widget is prerendered (its meta says): itself, or a box until the page hydrates.
      const { prerender } = widget.meta;
      if (prerender !== 'render') {
        content = <ClientOnly placeholderRem={prerender.placeholderRem}>{content}</ClientOnly>;
      }
      // A widget whose chunk is still loading shows a skeleton in its own node. One whose chunk
      // was there at its first render gets no boundary: no widget suspends by itself (the
      // bindings' and conditions' waits happen in this render, above any boundary of the node),
      // and a page of hundreds of nodes paid a Suspense and its Offscreen fiber per node, in
      // render and in commit (docs/perf.md, render cost). The prerender renders every widget
      // loaded, as the hydrating page does its first screen: both write no boundary there. (A
      // first-screen chunk that failed to load hydrates as a mismatch: React reports it and
      // renders the page in the browser, where this node shows its fallback.)
      if (lazy) content = <Suspense fallback={<Skeleton />}>{content}</Suspense>;
      if (this.faults) {
        content = (
          <FaultScopeContext.Provider value={this.faults}>{content}</FaultScopeContext.Provider>
        );
      }
    }
    // A fault the widget does not show itself: the kit's load error below what it shows (a
    // sibling, so the widget is not remounted when it comes and goes).
    const { fault } = this.state;
    const unexplained =
      fault && !this.state.failed ? (
        <LoadError compact text={UI_COPY.fault[fault]} onRetry={() => this.faults?.retryAll()} />
      ) : null;
    return (
      <section
        className={widget.meta.fullBleed ? 'ce-node ce-node--bleed' : 'ce-node'}
        data-node-id={nodeId}
        data-widget={node.type}
      >
        {content}
        {unexplained}
      </section>
    );
  }
}
