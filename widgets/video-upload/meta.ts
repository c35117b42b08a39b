import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const videoUploadMeta = {
  events: ['submitted', 'liked'],
} as const satisfies WidgetMeta;
