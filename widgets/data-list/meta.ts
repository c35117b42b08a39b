import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const dataListMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
