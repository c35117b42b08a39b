import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const installmentOffersMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
