import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const phoneBillEquityMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
