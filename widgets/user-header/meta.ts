import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const userHeaderMeta = {
  prerender: 'render',
  fullBleed: true,
} as const satisfies WidgetMeta;
