import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const riskNoticeMeta = {
  prerender: 'render',
  callsNoApi: true,
} as const satisfies WidgetMeta;
