import { createContext, Suspense, useContext, type ReactElement, type ReactNode } from 'react';
import type { Clock } from '../../services/types';
import type { CampaignDocument } from '../document/types';
import type { WidgetComponent } from '../registry/widget-component';
import type { WidgetMeta } from '../registry/widget-definition';
import type { WidgetRegistry } from '../registry/widget-registry';

/**
 * What the render core asks of how a page loads, and nothing more: when widget chunks load, and
 * how a node shows its widget meanwhile. The plain answer is below (a chunk loads when its node
 * renders, a skeleton in the node until then), which tests and a page without a provider get.
 * The app's answer, built for the first load's speed (prerendered first screens, waiting markup
 * below them, chunks loaded before React renders; decisions 0011, 0012, 0026), lives in
 * src/app/first-load/ and is provided by the app's root.
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
   * that commit). Returns what stops whatever it started.
   */
  mounted(rerender: (done: () => void) => void): () => void;
}

/** The node's box while its widget's chunk loads. */
export function Skeleton() {
  return <div className="ce-node-skeleton" aria-busy="true" />;
}

const nothing = () => undefined;

/** Chunks load as nodes render; each node shows a skeleton until its own has. */
export const PLAIN_FIRST_LOAD: FirstLoad = {
  pageShown(doc, registry) {
    registry.needParts(doc.widgetParts);
    return nothing;
  },
  node: (_nodeId, type, registry) => ({
    markup: null,
    widget(_meta, element) {
      const Widget = registry.component(type);
      return Widget ? <Suspense fallback={<Skeleton />}>{element(Widget)}</Suspense> : null;
    },
    mounted: () => nothing,
  }),
};

const FirstLoadContext = createContext<FirstLoad>(PLAIN_FIRST_LOAD);

export function FirstLoadProvider({ value, children }: { value: FirstLoad; children: ReactNode }) {
  return <FirstLoadContext.Provider value={value}>{children}</FirstLoadContext.Provider>;
}

export function useFirstLoad(): FirstLoad {
  return useContext(FirstLoadContext);
}
