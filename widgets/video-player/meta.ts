import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const videoPlayerMeta = {
  prerender: 'render',
  events: ['play', 'ended'],
} as const satisfies WidgetMeta;
