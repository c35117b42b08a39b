import { Suspense, useCallback, useMemo } from 'react';
import { useServices } from '../../services/context';
import { bindProps } from '../bindings/interpolate';
import { classifyChunkError, reloadOnceForChunkError } from '../chunks/chunk-errors';
import { evaluateCondition } from '../conditions/evaluate';
import type { RenderNode } from '../document/types';
import { useWidgetRegistry } from '../registry/widget-registry';
import { ClientOnly } from '../prerender/client-only';
import { NodeErrorBoundary } from './node-error-boundary';
import { usePage } from './page-context';

/** Renders a list of nodes; ids default to their position so every node has one. */
export function NodeList({ nodes, path }: { nodes: readonly RenderNode[]; path: string }) {
  return (
    <>
      {nodes.map((node, index) => {
        const nodeId = node.id ?? `${path}-${index}`;
        return <NodeView key={nodeId} node={node} nodeId={nodeId} />;
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

export function NodeView({ node, nodeId }: { node: RenderNode; nodeId: string }) {
  const services = useServices();
  const { logger } = services;
  const registry = useWidgetRegistry();
  const page = usePage();
  const visible = node.when === undefined || evaluateCondition(node.when, page.conditionContext);
  const widget = registry.get(node.type);
  const Component = registry.component(node.type);
  const props = useMemo(() => bindProps(node.props, page.scope), [node.props, page.scope]);
  const emit = useCallback(
    async (event: string, payload?: Record<string, unknown>) => {
      const actions = node.on?.[event];
      if (actions) await page.run(actions, payload);
    },
    [node.on, page],
  );
  if (!visible) return null;
  if (!widget || !Component) {
    // A document validated at build time cannot name an unknown type; this guards old deploys.
    logger.report(new Error(`unknown widget type "${node.type}"`), { nodeId });
    return <UnknownWidget type={node.type} />;
  }
  const children =
    widget.meta.acceptsChildren && node.children ? (
      <NodeList nodes={node.children} path={nodeId} />
    ) : undefined;
  const element = (
    // eslint-disable-next-line react-hooks/static-components -- registry.component() returns one memoized lazy component per type
    <Component props={props as never} nodeId={nodeId} emit={emit}>
      {children}
    </Component>
  );
  // How the widget is prerendered (its meta says): itself, or a box until the page hydrates.
  const { prerender } = widget.meta;
  return (
    <section
      className={widget.meta.fullBleed ? 'ce-node ce-node--bleed' : 'ce-node'}
      data-node-id={nodeId}
      data-widget={node.type}
    >
      <NodeErrorBoundary
        nodeId={nodeId}
        type={node.type}
        onError={(error, context) => {
          logger.report(error, context);
          // A widget chunk missing after a deploy: reload once for the new build (spec §4).
          if (classifyChunkError(error)) reloadOnceForChunkError(services);
        }}
      >
        <Suspense fallback={<Skeleton />}>
          {prerender === 'render' ? (
            element
          ) : (
            <ClientOnly placeholderRem={prerender.placeholderRem}>{element}</ClientOnly>
          )}
        </Suspense>
      </NodeErrorBoundary>
    </section>
  );
}
