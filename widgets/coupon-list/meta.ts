import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const couponListMeta = {
  prerender: 'render',
  events: ['claim'],
} as const satisfies WidgetMeta;
