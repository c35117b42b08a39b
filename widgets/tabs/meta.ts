import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const tabsMeta = {
  prerender: 'render',
  acceptsChildren: true,
  events: ['change'],
} as const satisfies WidgetMeta;
