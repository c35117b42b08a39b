import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const iframeEmbedMeta = {
  prerender: 'render',
  callsNoApi: true,
  fullBleed: true,
} as const satisfies WidgetMeta;
