import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const addressFormMeta = {
  events: ['saved'],
  requiresLogin: true,
} as const satisfies WidgetMeta;
