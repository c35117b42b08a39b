import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const progressStepsMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
