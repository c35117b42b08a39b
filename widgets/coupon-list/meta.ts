import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const couponListMeta = {
  events: ['claim'],
} as const satisfies WidgetMeta;
