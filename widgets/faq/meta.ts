import type { WidgetMeta } from '../../src/engine/registry/widget-definition';

export const faqMeta = {
  prerender: 'render',
  events: ['open'],
} as const satisfies WidgetMeta;
