import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import type { Clock } from '../../services/types';
import type { CampaignDocument } from '../document/types';
import type { WidgetComponent } from '../registry/widget-component';
import type { WidgetMeta } from '../registry/widget-definition';
import type { WidgetRegistry } from '../registry/widget-registry';

/**
 * What the render core asks of how a page loads, and nothing more: when widget chunks load, and
 * how a node shows its widget meanwhile. The plain answer (a chunk loads when its node renders, a
 * skeleton in the node until then) is what tests render with (tests/support/plain-first-load.tsx). The app's
 * answer, built for the first load's speed (prerendered first screens, waiting markup below them,
 * chunks loaded before React renders; decisions 0011, 0012, 0026), lives in src/app/first-load/
 * and is provided by the app's root.
 */
export interface FirstLoad {
  /** A page has mounted: start loading what it may render. Returns what stops that. */
  pageShown(doc: CampaignDocument, registry: WidgetRegistry, clock: Clock): () => void;
  /** One node's way to its widget, made when the node is constructed and kept for its life. */
  node(nodeId: string, type: string, registry: WidgetRegistry): NodeLoad;
}

export interface NodeLoad {
  /** Markup the node shows, as it is, instead of its widget for now (null: render the widget). */
  readonly markup: string | null;
  /** The widget's element as the node shows it, made by `element` from the widget's component. */
  widget(meta: WidgetMeta, element: (Widget: WidgetComponent) => ReactElement): ReactNode;
  /**
   * Called once the node has mounted, with what renders the node again (then calls `done` after
   * that commit). Returns what stops whatever it started, if anything.
   */
  mounted(rerender: (done: () => void) => void): (() => void) | undefined;
}

/** The node's box while its widget's chunk loads. */
export function Skeleton() {
  return <div className="ce-node-skeleton" aria-busy="true" />;
}

/** Provided by the app's root (src/app/app.tsx), and by tests/support/render-page.tsx for tests. */
export const FirstLoadContext = createContext<FirstLoad | null>(null);

export function useFirstLoad(): FirstLoad {
  const firstLoad = useContext(FirstLoadContext);
  if (!firstLoad) throw new Error('no FirstLoadContext above');
  return firstLoad;
}
