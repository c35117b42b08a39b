import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const goldRiceMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
