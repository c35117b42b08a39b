import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const luckyDrawMeta = {
  events: ['draw', 'noChance'],
} as const satisfies WidgetMeta;
