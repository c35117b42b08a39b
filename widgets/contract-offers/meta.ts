import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const contractOffersMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
