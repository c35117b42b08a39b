import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const videoUploadMeta = {
  prerender: 'render',
  events: ['submitted', 'liked'],
} as const satisfies WidgetMeta;
