import type { ComponentType, ReactNode } from 'react';
import type { WidgetMeta } from './widget-definition';

/** What a widget component receives from the renderer. */
export interface WidgetComponentProps<TProps> {
  /** Validated props with defaults applied and `{{bindings}}` resolved. */
  props: TProps;
  /** The node's id (author-given or generated from its path). */
  nodeId: string;
  /** Rendered children nodes, for widgets whose meta.acceptsChildren is true. */
  children?: ReactNode;
  /** Runs the node's `on.<event>` actions; resolves when they finish. */
  emit: (event: string, payload?: Record<string, unknown>) => Promise<void>;
}

/** The run-time side of a widget: meta plus a lazily loaded component (its own chunk). */
export interface ClientWidget {
  readonly meta: WidgetMeta;
  readonly load: () => Promise<{ default: ComponentType<WidgetComponentProps<never>> }>;
}
