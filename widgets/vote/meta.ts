import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const voteMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
