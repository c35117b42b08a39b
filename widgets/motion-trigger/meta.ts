import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const motionTriggerMeta = {
  prerender: 'render',
  events: ['trigger'],
  requiresLogin: true,
} as const satisfies WidgetMeta;
