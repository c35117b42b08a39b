import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const vipGoodsMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
