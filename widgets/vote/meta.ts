import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const voteMeta = {
  events: ['voted'],
} as const satisfies WidgetMeta;
