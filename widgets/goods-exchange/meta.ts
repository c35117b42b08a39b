import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const goodsExchangeMeta = {
  prerender: 'render',
  events: ['exchange'],
} as const satisfies WidgetMeta;
