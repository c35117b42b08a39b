import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const couponListMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
