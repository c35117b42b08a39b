import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const productListMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
