import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const movieDetailMeta = {
  prerender: 'render',
  events: ['claimed'],
} as const satisfies WidgetMeta;
