import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const dataListMeta = {
  prerender: 'render',
  events: ['select'],
} as const satisfies WidgetMeta;
