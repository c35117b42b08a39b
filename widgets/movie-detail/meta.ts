import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const movieDetailMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
