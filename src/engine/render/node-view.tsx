import { Component, useMemo, type ErrorInfo, type ReactNode } from 'react';
import { useServices } from '../../services/context';
import type { Services } from '../../services/types';
import { UI_COPY } from '../../ui/copy';
import { LoadError } from '../../ui/load-error';
import { classifyChunkError, reloadOnceForChunkError } from '../chunks/chunk-errors';
import { conditionHolds } from '../conditions/lazy-conditions';
import type { FaultKind } from '../data/fault';
import { createFaultScope, FaultScopeContext, type FaultScope } from '../data/fault-scope';
import type { RenderNode } from '../document/types';
import { useLiveSwitches, type LiveSwitchView } from '../page/live-switches';
import { useWidgetRegistry, type WidgetRegistry } from '../registry/widget-registry';
import { boundProps, type BindProps } from './bound-props';
import { useFirstLoad, type FirstLoad, type NodeLoad } from './first-load';
import { usePage, type PageContextValue } from './page-context';

/** What every node of a list renders with, read from context once per list, not per node. */
interface NodeEnvironment {
  services: Services;
  registry: WidgetRegistry;
  page: PageContextValue;
  firstLoad: FirstLoad;
  /** What operators switched off on the live site (page/live-switches.tsx). */
  switches: LiveSwitchView;
}

/** Renders a list of nodes; ids default to their position so every node has one. */
export function NodeList({ nodes, path }: { nodes: readonly RenderNode[]; path: string }) {
  const services = useServices();
  const registry = useWidgetRegistry();
  const page = usePage();
  const firstLoad = useFirstLoad();
  const switches = useLiveSwitches();
  const env = useMemo(
    () => ({ services, registry, page, firstLoad, switches }),
    [services, registry, page, firstLoad, switches],
  );
  return (
    <>
      {nodes.map((node, index) => {
        const nodeId = node.id ?? `${path}-${index}`;
        // A node whose type changes is another node (another widget, another way to load it).
        return <NodeView key={`${nodeId} ${node.type}`} node={node} nodeId={nodeId} env={env} />;
      })}
    </>
  );
}

/** The activity a node names in its props (a literal code, not a binding), if any. */
function activityCodeOf(node: RenderNode): string | null {
  const props: unknown = node.props;
  if (!props || typeof props !== 'object') return null;
  const code: unknown = Reflect.get(props, 'activityCode');
  return typeof code === 'string' && !code.includes('{{') ? code : null;
}

/** An operator switched the node off, or paused the activity it names (issue 34). */
function switchedOff(node: RenderNode, nodeId: string, env: NodeEnvironment): boolean {
  if (env.switches.widgetOff(env.page.document.route, nodeId)) return true;
  const code = activityCodeOf(node);
  return code !== null && env.switches.activityPaused(code);
}

function UnknownWidget({ type }: { type: string }) {
  return (
    <div className="ce-node-fallback" role="note">
      未知模块：{type}
    </div>
  );
}

interface NodeViewProps {
  node: RenderNode;
  nodeId: string;
  env: NodeEnvironment;
}

interface NodeViewState {
  failed: boolean;
  /** A fault of the widget's calls that the widget shows no load error for (fault-scope.ts). */
  fault: FaultKind | null;
}

/**
 * One node: its `when`, its section, its widget with bound props, the fault scope its calls
 * report to, and the error boundary that keeps a widget that throws to itself (a small fallback
 * in its section, reported; the rest of the page renders). How its widget's chunk is reached
 * (and what the node shows before) is the page's first load's business (first-load.tsx). One
 * component per node, not a component, a boundary and a wrapper: on a page of hundreds of nodes
 * such layers were most of the engine's render cost (docs/perf.md, render cost).
 */
export class NodeView extends Component<NodeViewProps, NodeViewState> {
  // Set in the constructor, not initialised in place, so how the build compiles class fields
  // (tsconfig: useDefineForClassFields false, plain assignments) is moot.
  declare private readonly load: NodeLoad;
  declare private readonly bindProps: BindProps;
  /** Null for a widget whose meta says it makes no call: it has no faults to report. */
  declare private readonly faults: FaultScope | null;
  declare private stop: (() => void) | undefined;

  constructor(props: NodeViewProps) {
    super(props);
    const { node, nodeId, env } = props;
    this.state = { failed: false, fault: null };
    this.load = env.firstLoad.node(nodeId, node.type, env.registry);
    this.bindProps = boundProps(nodeId, env.services);
    this.faults = env.registry.get(node.type)?.meta.callsNoApi
      ? null
      : createFaultScope((fault) => this.setState({ fault }));
    this.emit = this.emit.bind(this);
  }

  override componentDidMount(): void {
    this.stop = this.load.mounted((done) => this.forceUpdate(done));
  }

  override componentWillUnmount(): void {
    this.stop?.();
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

  override render(): ReactNode {
    const { node, nodeId, env } = this.props;
    if (node.when !== undefined && !conditionHolds(node.when, env.page.conditionContext)) {
      return null;
    }
    if (switchedOff(node, nodeId, env)) {
      // In the widget's place, a kind message; the rest of the page goes on.
      return (
        <section className="ce-node" data-node-id={nodeId} data-widget={node.type}>
          <div className="ce-node-fallback" role="status" data-node-paused={nodeId}>
            {UI_COPY.paused}
          </div>
        </section>
      );
    }
    const widget = env.registry.get(node.type);
    if (!widget) {
      // A document validated at build time cannot name an unknown type; this guards old deploys.
      env.services.logger.report(new Error(`unknown widget type "${node.type}"`), { nodeId });
      return <UnknownWidget type={node.type} />;
    }
    const className = widget.meta.fullBleed ? 'ce-node ce-node--bleed' : 'ce-node';
    const { markup } = this.load;
    if (markup !== null) {
      return (
        <section
          className={className}
          data-node-id={nodeId}
          data-widget={node.type}
          dangerouslySetInnerHTML={{ __html: markup }}
        />
      );
    }
    const { failed, fault } = this.state;
    let content: ReactNode;
    if (failed) {
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
      const props = this.bindProps(node, env.page.scope) as never;
      content = this.load.widget(widget.meta, (Widget) => (
        <Widget props={props} nodeId={nodeId} emit={this.emit}>
          {children}
        </Widget>
      ));
      if (this.faults) {
        content = (
          <FaultScopeContext.Provider value={this.faults}>{content}</FaultScopeContext.Provider>
        );
      }
    }
    // A fault the widget does not show itself: the kit's load error below what it shows (a
    // sibling, so the widget is not remounted when it comes and goes).
    const unexplained =
      fault && !failed ? (
        <LoadError compact text={UI_COPY.fault[fault]} onRetry={() => this.faults?.retryAll()} />
      ) : null;
    return (
      <section className={className} data-node-id={nodeId} data-widget={node.type}>
        {content}
        {unexplained}
      </section>
    );
  }
}
