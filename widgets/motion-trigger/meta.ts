import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const motionTriggerMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
