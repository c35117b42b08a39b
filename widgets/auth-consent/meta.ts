import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const authConsentMeta = {
  prerender: 'render',
  events: ['change'],
} as const satisfies WidgetMeta;
