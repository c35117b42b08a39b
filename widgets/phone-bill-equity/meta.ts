import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const phoneBillEquityMeta = {
  prerender: 'render',
  events: ['claim'],
} as const satisfies WidgetMeta;
