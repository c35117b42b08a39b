/**
 * The app's first load, behind the render core's FirstLoad (src/engine/render/first-load.tsx):
 * the document's first-render chunks load before React renders, so the page renders (or hydrates
 * its prerendered HTML) in one pass (decision 0011); a node whose chunk is there renders its
 * widget directly, with no Suspense (one that could never show its fallback cost every node a
 * boundary and its Offscreen fiber, docs/perf.md render cost); a widget whose meta asks for it is
 * a placeholder until the page has hydrated (decision 0012); below a prerendered first screen,
 * nodes wait as their markup until released (decision 0026, ./deferred-nodes.ts).
 */
import { Suspense, type ReactElement, type ReactNode } from 'react';
import type { CampaignDocument } from '../../engine/document/types';
import type { WidgetComponent } from '../../engine/registry/widget-component';
import type { WidgetMeta } from '../../engine/registry/widget-definition';
import type { WidgetRegistry } from '../../engine/registry/widget-registry';
import { Skeleton, type FirstLoad, type NodeLoad } from '../../engine/render/first-load';
import { ClientOnly } from './client-only';
import type { DeferredNodes } from './deferred-nodes';

export interface AppFirstLoad extends FirstLoad {
  /** Loads what the document's first render mounts (the chunks of its types that do not wait). */
  preload(doc: CampaignDocument, registry: WidgetRegistry): Promise<void>;
}

/** `deferred`: the nodes waiting below a prerendered page's first screen, null for any other page. */
export function createFirstLoad(deferred: DeferredNodes | null): AppFirstLoad {
  const notWaiting = (types: readonly string[]) =>
    deferred ? types.filter((type) => !deferred.waits(type)) : types;
  const preload = (doc: CampaignDocument, registry: WidgetRegistry) => {
    registry.needParts(doc.widgetParts);
    return registry.preload(notWaiting(doc.initialWidgetTypes));
  };
  return {
    preload,
    // What a first render mounts loads at once, in parallel (no parent-then-child waterfall); the
    // chunks of dialogs and closed panels wait for the visitor to act (decision 0016), so a
    // visitor who only looks never downloads them.
    pageShown(doc, registry, clock) {
      void preload(doc, registry);
      return clock.whenIntent(() => void registry.preload(notWaiting(doc.widgetTypes)));
    },
    node: (nodeId, type, registry) => nodeLoad(nodeId, type, registry, deferred),
  };
}

/** A page none of whose nodes wait: not prerendered, or the build's render of it. */
export const NOTHING_WAITS = createFirstLoad(null);

/** One node's way to its widget on a page whose nodes below the first screen may wait. */
function nodeLoad(
  nodeId: string,
  type: string,
  registry: WidgetRegistry,
  deferred: DeferredNodes | null,
): NodeLoad {
  /**
   * The widget's component, chosen at its first render and kept: the loaded one when its chunk
   * is there, else the lazy one (`lazy`: it may suspend). Switching a mounted node from one to
   * the other would remount the widget.
   */
  let Widget: WidgetComponent | undefined;
  let lazy = false;
  const load = {
    // The server's markup while the node waits: taken at construction, dropped once it thaws.
    markup: deferred?.take(nodeId) ?? null,

    widget(meta: WidgetMeta, element: (Widget: WidgetComponent) => ReactElement): ReactNode {
      if (!Widget) {
        Widget = registry.loaded(type);
        lazy = !Widget;
        Widget ??= registry.component(type);
        // Only a type the registry does not have, which the node shows as unknown before this.
        if (!Widget) return null;
      }
      let content: ReactNode = element(Widget);
      // How the widget is prerendered (its meta says): itself, or a box until the page hydrates.
      if (meta.prerender !== 'render') {
        content = <ClientOnly placeholderRem={meta.prerender.placeholderRem}>{content}</ClientOnly>;
      }
      // A widget whose chunk is still loading shows a skeleton in its own node. The prerender
      // renders every widget loaded, as the hydrating page does its first screen: both write no
      // boundary there. (A first-screen chunk that failed to load hydrates as a mismatch: React
      // reports it and renders the page in the browser, where this node shows its fallback.)
      return lazy ? <Suspense fallback={<Skeleton />}>{content}</Suspense> : content;
    },

    /** A waiting node thaws once released and its chunk has loaded: rendered again for real. */
    mounted(rerender: (done: () => void) => void): (() => void) | undefined {
      if (load.markup === null || !deferred) return undefined;
      deferred.mounted(nodeId);
      let live = true;
      const stop = deferred.whenReleased(nodeId, () => {
        void registry.load(type).then(() => {
          if (!live) return;
          deferred.thawing(nodeId);
          load.markup = null;
          rerender(() => deferred.thawed(nodeId));
        });
      });
      return () => {
        live = false;
        stop();
      };
    },
  };
  return load;
}
