import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const tabsMeta = {
  acceptsChildren: true,
  events: ['change'],
} as const satisfies WidgetMeta;
