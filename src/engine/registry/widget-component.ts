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

/** A widget's component as the renderer renders it (its props type erased). */
export type WidgetComponent = ComponentType<WidgetComponentProps<never>>;

/** What a widget's chunk exports. */
export interface WidgetModule {
  default: WidgetComponent;
  /**
   * The loaders of its parts (WidgetDefinition.parts), by `<type>/<part>`: each loads its chunk
   * once and keeps it where the widget reads it while rendering (decision 0036).
   */
  parts?: Readonly<Record<string, () => Promise<unknown>>>;
}

/** The run-time side of a widget: meta plus a lazily loaded component (its own chunk). */
export interface ClientWidget {
  readonly meta: WidgetMeta;
  readonly load: () => Promise<WidgetModule>;
}
