import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const progressStepsMeta = {
  prerender: 'render',
  callsNoApi: true,
} as const satisfies WidgetMeta;
