import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const goodsExchangeMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
