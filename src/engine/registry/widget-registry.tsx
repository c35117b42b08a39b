import { createContext, lazy, useContext, type LazyExoticComponent, type ReactNode } from 'react';
import { track, type TrackedPromise } from '../chunks/tracked-promise';
import type { ClientWidget, WidgetComponent, WidgetModule } from './widget-component';

/**
 * What React.lazy gets for a chunk: while it loads, its promise; once settled, a thenable that
 * calls back at once, so lazy renders the widget in the same pass instead of suspending (React
 * supports synchronous thenables in lazy). A chunk preloaded with the document thus costs no
 * fallback commit and no Suspense reveal delay.
 */
function settledAtOnce<T>(promise: TrackedPromise<T>): Promise<T> {
  if (promise.status === 'pending') return promise;
  const settled: PromiseLike<T> = {
    then(onFulfilled, onRejected) {
      if (promise.status === 'fulfilled') onFulfilled?.(promise.value);
      else onRejected?.(promise.reason);
      return promise as never;
    },
  };
  // React.lazy takes any thenable; its type says Promise.
  return settled as Promise<T>;
}

/**
 * Type -> client widget, looked up as a Map so a type named "__proto__" resolves to nothing
 * (STYLE.md pattern 5). Provided through context so tests render with their own widgets.
 */
export class WidgetRegistry {
  private readonly widgets: ReadonlyMap<string, ClientWidget>;
  private readonly modules = new Map<string, TrackedPromise<WidgetModule>>();
  private readonly components = new Map<string, LazyExoticComponent<WidgetComponent>>();
  /** The widget parts the documents shown so far render with (`<type>/<part>`). */
  private readonly parts: string[] = [];

  constructor(widgets: Iterable<readonly [string, ClientWidget]>) {
    this.widgets = new Map(widgets);
  }

  get(type: string): ClientWidget | undefined {
    return this.widgets.get(type);
  }

  /**
   * The chunk of a type, fetched once and shared by preloads and the first render; with the
   * parts of it that documents need, so the widget renders them in the same pass.
   */
  private module(type: string, widget: ClientWidget): TrackedPromise<WidgetModule> {
    let module = this.modules.get(type);
    if (!module) {
      module = track(
        widget
          .load()
          .then((loaded) =>
            Promise.all(this.parts.map((part) => loaded.parts?.[part]?.())).then(() => loaded),
          ),
      );
      this.modules.set(type, module);
    }
    return module;
  }

  /**
   * A document's widget parts (CampaignDocument.widgetParts): they load with their types' chunks
   * from here on. A type loaded already without one loads it too before it counts as loaded.
   */
  needParts(parts: readonly string[] | undefined): void {
    for (const part of parts ?? []) {
      if (this.parts.includes(part)) continue;
      this.parts.push(part);
      this.modules.delete(part.split('/')[0] ?? '');
    }
  }

  /** The lazy component of a type, created once so React keeps its state across renders. */
  component(type: string): LazyExoticComponent<WidgetComponent> | undefined {
    const widget = this.widgets.get(type);
    if (!widget) return undefined;
    let component = this.components.get(type);
    if (!component) {
      component = lazy(() => {
        // A preload that failed (a moment without network) gets one fresh try when the widget
        // first renders. React.lazy calls this once, so a second failure stays: the widget's
        // boundary shows it, never an endless retry.
        if (this.modules.get(type)?.status === 'rejected') this.modules.delete(type);
        return settledAtOnce(this.module(type, widget));
      });
      this.components.set(type, component);
    }
    return component;
  }

  /** The component of a type whose chunk has already loaded, else undefined. */
  loaded(type: string): WidgetComponent | undefined {
    const module = this.modules.get(type);
    return module?.status === 'fulfilled' ? module.value.default : undefined;
  }

  /**
   * Starts loading the chunks of these types in parallel (the document lists what it uses);
   * resolves when every one has loaded or failed (a failure shows where the widget renders).
   */
  preload(types: readonly string[]): Promise<void> {
    const loads: Promise<unknown>[] = [];
    for (const type of types) {
      const widget = this.widgets.get(type);
      if (widget) loads.push(this.module(type, widget));
    }
    return Promise.allSettled(loads).then(() => undefined);
  }

  /** Loads the chunk of one type; resolves once it has loaded or failed. */
  load(type: string): Promise<void> {
    const widget = this.widgets.get(type);
    if (!widget) return Promise.resolve();
    return this.module(type, widget).then(
      () => undefined,
      () => undefined,
    );
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
