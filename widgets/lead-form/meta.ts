import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const leadFormMeta = {
  prerender: 'render',
  events: ['submitted'],
  requiresLogin: true,
} as const satisfies WidgetMeta;
