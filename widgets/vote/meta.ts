import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const voteMeta = {
  prerender: 'render',
  events: ['voted'],
} as const satisfies WidgetMeta;
