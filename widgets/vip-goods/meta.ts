import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const vipGoodsMeta = {
  prerender: 'render',
  events: ['paid', 'failed'],
} as const satisfies WidgetMeta;
