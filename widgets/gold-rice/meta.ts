import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const goldRiceMeta = {
  prerender: 'render',
  events: ['collected', 'converted', 'drawn'],
} as const satisfies WidgetMeta;
