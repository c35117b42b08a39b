import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const luckyDrawMeta = {
  prerender: 'render',
  events: ['draw', 'noChance'],
} as const satisfies WidgetMeta;
