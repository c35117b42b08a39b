import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const luckyDrawMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
