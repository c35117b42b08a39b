import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const dispatchBannerMeta = {
  prerender: 'render',
  events: ['open'],
} as const satisfies WidgetMeta;
