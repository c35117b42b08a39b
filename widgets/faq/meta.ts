import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const faqMeta = {
  prerender: 'render',
} as const satisfies WidgetMeta;
