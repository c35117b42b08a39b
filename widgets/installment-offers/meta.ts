import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const installmentOffersMeta = {
  prerender: 'render',
  events: ['apply', 'remind'],
} as const satisfies WidgetMeta;
