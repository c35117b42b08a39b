import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const tabsMeta = {
  prerender: 'render',
  callsNoApi: true,
  acceptsChildren: true,
} as const satisfies WidgetMeta;
