import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const authConsentMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
