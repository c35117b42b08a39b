import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const addressFormMeta = {
  prerender: 'render',
  events: ['saved'],
  requiresLogin: true,
} as const satisfies WidgetMeta;
