import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const imageListMeta = {
  prerender: 'render',
  callsNoApi: true,
  fullBleed: true,
} as const satisfies WidgetMeta;
