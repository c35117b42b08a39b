import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const videoUploadMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
