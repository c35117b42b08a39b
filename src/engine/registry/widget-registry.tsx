import {
  createContext,
  lazy,
  useContext,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { ClientWidget, WidgetComponentProps } from './widget-component';

/**
 * Type -> client widget, looked up as a Map so a type named "__proto__" resolves to nothing
 * (STYLE.md pattern 5). Provided through context so tests render with their own widgets.
 */
export class WidgetRegistry {
  private readonly widgets: ReadonlyMap<string, ClientWidget>;
  private readonly components = new Map<
    string,
    LazyExoticComponent<ComponentType<WidgetComponentProps<never>>>
  >();

  constructor(widgets: Iterable<readonly [string, ClientWidget]>) {
    this.widgets = new Map(widgets);
  }

  get(type: string): ClientWidget | undefined {
    return this.widgets.get(type);
  }

  /** The lazy component of a type, created once so React keeps its state across renders. */
  component(
    type: string,
  ): LazyExoticComponent<ComponentType<WidgetComponentProps<never>>> | undefined {
    const widget = this.widgets.get(type);
    if (!widget) return undefined;
    let component = this.components.get(type);
    if (!component) {
      component = lazy(widget.load);
      this.components.set(type, component);
    }
    return component;
  }

  /** Starts loading the chunks of these types in parallel (the document lists what it uses). */
  preload(types: readonly string[]): void {
    for (const type of types)
      void this.widgets
        .get(type)
        ?.load()
        .catch(() => undefined);
  }
}

const RegistryContext = createContext<WidgetRegistry | null>(null);

export function WidgetRegistryProvider({
  registry,
  children,
}: {
  registry: WidgetRegistry;
  children: ReactNode;
}) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

export function useWidgetRegistry(): WidgetRegistry {
  const registry = useContext(RegistryContext);
  if (!registry)
    throw new Error('useWidgetRegistry: no WidgetRegistryProvider above this component');
  return registry;
}
