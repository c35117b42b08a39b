import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const dispatchBannerMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
