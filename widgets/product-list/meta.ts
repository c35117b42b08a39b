import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const productListMeta = {
  prerender: 'render',
  events: ['select'],
} as const satisfies WidgetMeta;
