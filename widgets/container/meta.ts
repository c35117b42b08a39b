import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const containerMeta = {
  prerender: 'render',
  callsNoApi: true,
  acceptsChildren: true,
} as const satisfies WidgetMeta;
