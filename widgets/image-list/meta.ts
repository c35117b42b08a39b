import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const imageListMeta = {
  prerender: 'render',
  fullBleed: true,
  events: ['imageClick'],
} as const satisfies WidgetMeta;
