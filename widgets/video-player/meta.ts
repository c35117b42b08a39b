import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const videoPlayerMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
