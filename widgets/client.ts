/**
 * The run-time registry: each widget's meta and its component as a lazy chunk, listed in
 * client.generated.ts by `npm run generate`, whose `satisfies Record<WidgetType, ClientWidget>`
 * fails to compile when a widget of widgets/index.ts is missing there (STYLE.md pattern 3).
 */
import { WidgetRegistry } from '../src/engine/registry/widget-registry';
import { clientWidgets } from './client.generated';

export function createWidgetRegistry(): WidgetRegistry {
  return new WidgetRegistry(Object.entries(clientWidgets));
}
