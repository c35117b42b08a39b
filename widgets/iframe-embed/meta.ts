import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const iframeEmbedMeta = {
  prerender: 'render',
  fullBleed: true,
  events: ['load'],
} as const satisfies WidgetMeta;
